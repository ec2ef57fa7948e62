import { sql } from './database';
import type { Statement } from './database';

/** A piece of SQL with its own placeholders ($1…), to be combined with others into one statement. */
export interface SqlFragment {
  text: string;
  values: unknown[];
}

const composed = new Map<string, Statement>();

/**
 * One statement from fragments: `WITH <name> AS (<fragment>), … <final>`, placeholders renumbered.
 * Data-modifying CTEs all run, atomically, in that one statement. Equal shapes give equal text, so
 * each shape becomes one named statement, planned once per connection. A shape is known by its
 * fragments' names, texts and value counts, so the renumbered text is built once per shape, not
 * once per command.
 */
export function composeWith(
  parts: readonly { name: string; fragment: SqlFragment }[],
  final: string,
): { statement: Statement; values: unknown[] } {
  const values: unknown[] = [];
  let shape = final;
  for (const { name, fragment } of parts) {
    shape += `\u0000${name}\u0001${fragment.values.length}\u0001${fragment.text}`;
    for (const value of fragment.values) values.push(value);
  }
  let statement = composed.get(shape);
  if (!statement) {
    statement = sql(`composed-${composed.size + 1}`, renumbered(parts, final));
    composed.set(shape, statement);
  }
  return { statement, values };
}

function renumbered(
  parts: readonly { name: string; fragment: SqlFragment }[],
  final: string,
): string {
  let offset = 0;
  const clauses = parts.map(({ name, fragment }) => {
    const text =
      offset === 0
        ? fragment.text
        : fragment.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
    offset += fragment.values.length;
    return `${name} AS (${text})`;
  });
  return `WITH ${clauses.join(', ')} ${final}`;
}
