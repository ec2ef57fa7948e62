import type { DocumentMimeType } from '@platform/contracts';

/** The documents accepted as dispute evidence, recognised by their first bytes (their "magic numbers"). */
const SIGNATURES: readonly { mimeType: DocumentMimeType; magic: readonly number[] }[] = [
  { mimeType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mimeType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

/**
 * What the bytes are, whatever the file's name or declared type say; null for anything else (an
 * executable renamed .pdf stays an executable). Three fixed signatures, so a table is clearer than a
 * general detection library (the maintained one, file-type, is ESM-only, which this CommonJS build
 * and its tests cannot load).
 */
export function documentTypeOf(bytes: Buffer): DocumentMimeType | null {
  return (
    SIGNATURES.find(
      ({ magic }) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte),
    )?.mimeType ?? null
  );
}
