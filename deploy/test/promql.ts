const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset']);
const LABEL_LISTS = /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g;

/**
 * The metric names a PromQL expression reads: its identifiers once label matchers, ranges, label
 * lists (by, on, …), strings and numbers are left out, except function names (followed by "(") and
 * keywords. Enough for the expressions of deploy/monitoring, not a PromQL parser.
 */
export function metricNames(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(LABEL_LISTS, ' ');
  return [...bare.matchAll(/(?<![\w.$:])[a-zA-Z_:][\w:]*(?![\w:])(?!\s*\()/g)]
    .map(([name]) => name)
    .filter((name) => !KEYWORDS.has(name));
}
