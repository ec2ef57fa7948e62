import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads `load()` when the dependencies change (and on `reload()`); an API refusal lands in `error`. */
export function useApi<T>(load: () => Promise<T>, dependencies: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => current && (setData(value), setError(undefined), setLoading(false)),
      (failure: Error) => current && (setData(undefined), setError(failure), setLoading(false)),
    );
    return () => void (current = false);
    // The caller names what the load depends on; `load` itself is a new closure at every render.
  }, [...dependencies, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, loading, reload };
}
