/** A page of a list, newest first: `count` entities in `items`. */
export interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export function toCollection<T>(items: T[]): Collection<T> {
  return { entity: 'collection', count: items.length, items };
}
