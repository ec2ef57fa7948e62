import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Loaded<T> {
  /** The last answer; kept while a reload runs, so the page does not flicker after an action. */
  data: T | undefined;
  error: Error | undefined;
  reload: () => void;
}

/** Loads `load()` when the dependencies change (and on `reload()`); an API refusal lands in `error`. */
export function useApi<T>(load: () => Promise<T>, dependencies: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    // An answer that arrives after the page moved on (new dependencies, or gone) is dropped.
    let current = true;
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
      },
      (failure: Error) => {
        if (!current) return;
        setData(undefined);
        setError(failure);
      },
    );
    return () => void (current = false);
    // The caller names what the load depends on; `load` itself is a new closure at every render.
  }, [...dependencies, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, reload };
}
