/** The files accepted as dispute evidence, recognised by their content (the payments service, the OpenAPI document). */
export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

/** A document as the API shows it (`entity: "document"`); its bytes at GET /v1/documents/:id/content. */
export interface DocumentEntity {
  id: string;
  entity: 'document';
  purpose: 'dispute_evidence';
  /** The uploaded file's name; `display_name` is the same (Razorpay's samples show either). */
  name: string;
  display_name: string;
  /** Recognised from the content, not the declared type. */
  mime_type: DocumentMimeType;
  size: number;
  created_at: number;
  /** Where its bytes are fetched: `<public base URL>/v1/documents/<id>/content`, with the API key. */
  url: string;
}
