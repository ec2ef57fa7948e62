/** A status as a coloured pill; the colour follows the status's word (see styles.css). */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`status status-${status}`}>{status.replace(/_/g, ' ')}</span>;
}
