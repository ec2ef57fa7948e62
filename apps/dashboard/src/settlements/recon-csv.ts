import type { ReconRow } from '../api/entities';

/** The recon report's columns, in the API's own field names, as the downloaded file's header. */
export const RECON_COLUMNS = [
  'entity_id',
  'type',
  'debit',
  'credit',
  'amount',
  'currency',
  'fee',
  'tax',
  'on_hold',
  'settled',
  'created_at',
  'settled_at',
  'settlement_id',
  'settlement_utr',
  'payment_id',
  'order_id',
  'method',
  'description',
] as const satisfies readonly (keyof ReconRow)[];

/**
 * A settlement's recon rows as CSV (RFC 4180: CRLF lines, quoted when needed), amounts in paise as the
 * API gives them. A text cell a spreadsheet would run as a formula (starting with =, +, -, @, or a
 * tab or carriage return, which spreadsheets skip before reading one: OWASP's CSV injection list) is
 * kept as text, a `'` before it.
 */
export function reconCsv(rows: readonly ReconRow[]): string {
  const lines = [
    RECON_COLUMNS.join(','),
    ...rows.map((row) => RECON_COLUMNS.map((column) => cell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
