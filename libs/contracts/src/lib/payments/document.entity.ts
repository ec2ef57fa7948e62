/** The files accepted as dispute evidence, recognised by their content (the payments service, the OpenAPI document). */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** A document as the API shows it (`entity: "document"`); its bytes at GET /v1/documents/:id/content. */
export interface DocumentEntity {
  /** @example "doc_1Aa00000000001" */
  id: string;
  entity: 'document';
  purpose: 'dispute_evidence';
  /**
   * The uploaded file's name (its first 255 characters; `document` when the part had none).
   *
   * @example "delivery-proof.pdf"
   *
   * @maxLength 255
   */
  // The uploaded file's name; `display_name` is the same (Razorpay's samples show either).
  name: string;
  /**
   * The same as `name`.
   *
   * @example "delivery-proof.pdf"
   *
   * @maxLength 255
   */
  display_name: string;
  /** Recognised from the content (its first bytes), not from the file's name or declared type. */
  mime_type: DocumentMimeType;
  /**
   * In bytes.
   *
   * @example 48213
   *
   * @minimum 1
   *
   * @maximum 10485760
   */
  size: number;
  /** Unix seconds */
  created_at: number;
  /**
   * Where its bytes are fetched, with the account's API key: GET /v1/documents/{id}/content on the
   * gateway's public base URL (PUBLIC_BASE_URL).
   *
   * @format uri
   * @example "https://api.example.com/v1/documents/doc_1Aa00000000001/content"
   */
  url: string;
}
