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
 * each shape becomes one named statement, planned once per connection.
 */
export function composeWith(parts: readonly { name: string; fragment: SqlFragment }[], final: string): { statement: Statement; values: unknown[] } {
  const values: unknown[] = [];
  const clauses = parts.map(({ name, fragment }) => {
    const offset = values.length;
    values.push(...fragment.values);
    return `${name} AS (${offset === 0 ? fragment.text : fragment.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  const text = `WITH ${clauses.join(', ')} ${final}`;
  let statement = composed.get(text);
  if (!statement) {
    statement = sql(`composed-${composed.size + 1}`, text);
    composed.set(text, statement);
  }
  return { statement, values };
}
