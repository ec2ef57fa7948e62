/** A Unix time in seconds as `2026-11-24 11:07 UTC`: one reading for every viewer, like the API's. */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The Unix seconds at 00:00 UTC of a `YYYY-MM-DD` date input's value, or undefined when empty. */
export function startOfDay(date: string): number | undefined {
  return date ? Date.parse(`${date}T00:00:00Z`) / 1000 : undefined;
}
