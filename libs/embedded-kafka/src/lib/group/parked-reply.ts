export type Reply<T> = (result: T) => void;

/**
 * A reply held back by the coordinator (JoinGroup and SyncGroup wait for other members). If the
 * connection that asked closes first, `onAbandoned` runs and the reply is never written.
 */
export function parkReply<T>(
  signal: AbortSignal,
  reply: Reply<T>,
  onAbandoned: () => void,
): Reply<T> {
  const abandon = (): void => onAbandoned();
  signal.addEventListener('abort', abandon, { once: true });
  return (result) => {
    signal.removeEventListener('abort', abandon);
    if (!signal.aborted) reply(result);
  };
}
