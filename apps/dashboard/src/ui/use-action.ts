import { useState } from 'preact/hooks';

export interface Action {
  busy: boolean;
  error: Error | undefined;
  /** Runs one action at a time; a refusal is kept in `error` for the page to show. */
  run: (act: () => Promise<unknown>) => Promise<void>;
}

/** A page's actions (capture, refund, close…): after each success, `onDone` reloads what it changed. */
export function useAction(onDone: () => void): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>(undefined);
  const run = async (act: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await act();
      onDone();
    } catch (failure) {
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
