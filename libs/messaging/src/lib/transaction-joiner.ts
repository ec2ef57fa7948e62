import type { Database, SqlRunner } from '@platform/event-store';

/** What became of a part offered for a joint transaction. */
export type JoinOutcome<R> =
  | { joined: true; result: R }
  /** It came alone (nothing to join), or the joint transaction failed: the caller runs it on its own. */
  | { joined: false };

/**
 * Group commit for work that arrives together: the parts offered in the same turn of the event loop
 * (kafkajs hands a consumer the batches of all the partitions one fetch returned at once) are
 * applied in ONE transaction, so a fetch that brought six partitions' messages costs one commit
 * instead of six, and none of them waits behind the others' transactions. It is only a first try:
 * if the joint transaction fails, every part is told so and runs on its own, with its own retries
 * and dead letters, as if it had never been joined; a part that came alone is not tried jointly.
 * Written here because it is this small and specific: a pool of parts per event-loop turn.
 */
export class TransactionJoiner<P, R> {
  private waiting: { part: P; settle: (outcome: JoinOutcome<R>) => void }[] | null = null;

  /** `apply` writes every part in `tx`, in order, and returns each one's result. */
  constructor(
    private readonly database: Database,
    private readonly apply: (tx: SqlRunner, parts: readonly P[]) => Promise<R[]>,
  ) {}

  join(part: P): Promise<JoinOutcome<R>> {
    return new Promise((settle) => {
      if (this.waiting === null) {
        this.waiting = [];
        setImmediate(() => void this.flush());
      }
      this.waiting.push({ part, settle });
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    if (waiting.length < 2) {
      for (const { settle } of waiting) settle({ joined: false });
      return;
    }
    try {
      const results = await this.database.transaction((tx) =>
        this.apply(
          tx,
          waiting.map(({ part }) => part),
        ),
      );
      waiting.forEach(({ settle }, i) => settle({ joined: true, result: results[i] }));
    } catch {
      for (const { settle } of waiting) settle({ joined: false });
    }
  }
}
