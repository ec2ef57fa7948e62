const ignore = (): void => undefined;

interface Slot {
  /** The last run scheduled for the key. */
  tail: Promise<void>;
  /** A run scheduled but not started yet: every caller arriving now is served by it. */
  pending: Promise<void> | null;
}

/**
 * Runs work per key so that each caller is served by a run that starts after it called, and callers
 * arriving together share one run: while a run is going, the next callers wait for one more, which
 * all of them share. (A plain single-flight would let a caller join a run that started before the
 * write it wants to see.) Hand-written: no package on npm keeps the "started after me" guarantee.
 */
export class NextRun {
  private readonly slots = new Map<string, Slot>();

  run(key: string, work: () => Promise<void>): Promise<void> {
    const slot = this.slots.get(key) ?? { tail: Promise.resolve(), pending: null };
    if (slot.pending) return slot.pending;
    const pending: Promise<void> = slot.tail.then(ignore, ignore).then(() => {
      slot.pending = null;
      return work();
    });
    slot.pending = pending;
    slot.tail = pending;
    this.slots.set(key, slot);
    pending.then(ignore, ignore).finally(() => {
      if (slot.tail === pending) this.slots.delete(key);
    });
    return pending;
  }
}
