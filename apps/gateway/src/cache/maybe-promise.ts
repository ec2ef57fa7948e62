/**
 * A value a cache has at hand, or the promise of one it must load. Every forwarded request reads
 * three cached facts (its key, its test clock, its features); answering a hit as a plain value spares
 * each read a promise and a turn of the microtask queue.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return value instanceof Promise;
}

/** `next(value)` at once for a value at hand, or when the promise resolves. */
export function thenApply<T, R>(value: MaybePromise<T>, next: (resolved: T) => R): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}
