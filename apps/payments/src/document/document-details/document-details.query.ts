import { readModelQueries, sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { DocumentDetailsRow } from './document-details.entity';

const BYTES = sql(
  'documents.bytes',
  'SELECT bytes FROM document_blobs WHERE id = $1 AND account_id = $2 AND mode = $3',
);
const EXISTING = sql(
  'documents.existing',
  'SELECT id FROM documents WHERE id = ANY($1::text[]) AND account_id = $2 AND mode = $3',
);

export const { get: getDocumentDetails } = readModelQueries(DocumentDetailsRow);

export async function getDocumentBytes(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<Buffer | null> {
  const [row] = await db.query<{ bytes: Buffer }>(BYTES, [id, scope.accountId, scope.mode]);
  return row?.bytes ?? null;
}

/** Which of these ids are documents of the caller's account and mode. */
export async function existingDocuments(
  db: SqlRunner,
  scope: ReadScope,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(
    (await db.query<{ id: string }>(EXISTING, [ids, scope.accountId, scope.mode])).map(
      (row) => row.id,
    ),
  );
}
