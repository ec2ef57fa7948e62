/**
 * In the answer of POST /v1/settlements/ondemand, and with `expand[]=ondemand_payouts`; absent
 * otherwise.
 */
export interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export function toCollection<T>(items: T[]): Collection<T> {
  return { entity: 'collection', count: items.length, items };
}
