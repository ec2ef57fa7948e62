import { AS_OF_CONNECTIONS } from '@platform/event-store';

/**
 * How many `as_of` reads a service runs at once: at most `perAccount` for one account and mode,
 * and at most `inService` in all; the others wait their turn, first come first served among those
 * whose account has a slot free. An `as_of` read folds an entity's events up to an instant, so its
 * cost grows with the entity's history (a customer updated thousands of times); without a bound,
 * one key's burst of such reads takes the database connections every other account's requests
 * need. Waiting holds no connection. Past `queuedPerAccount` waiting reads of one account, one more
 * is refused at once (the caller answers 429, Retry-After).
 *
 * Written by hand: the semaphore libraries on the registry bound one pool, and this needs two bounds
 * at once (the account's and the service's) with a waiter taken only when both allow it.
 */
export interface AsOfReadBounds {
  perAccount: number;
  inService: number;
  queuedPerAccount: number;
}

export const DEFAULT_AS_OF_READ_BOUNDS: AsOfReadBounds = {
  perAccount: 2,
  // As many as the Database keeps connections for (each read runs on one of them).
  inService: AS_OF_CONNECTIONS,
  queuedPerAccount: 64,
};

interface Waiter {
  account: string;
  start: () => void;
}

export class AsOfReadGate {
  private readonly running = new Map<string, number>();
  private readonly queued = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private runningInService = 0;

  constructor(private readonly bounds: AsOfReadBounds = DEFAULT_AS_OF_READ_BOUNDS) {}

  /** Runs `read` once both bounds allow it; `null` at once when the account's queue is full. */
  async run<T>(account: string, read: () => Promise<T>): Promise<{ value: T } | null> {
    if (!this.mayStart(account)) {
      const queued = this.queued.get(account) ?? 0;
      if (queued >= this.bounds.queuedPerAccount) return null;
      this.queued.set(account, queued + 1);
      await new Promise<void>((start) => this.waiting.push({ account, start }));
    } else this.take(account);
    try {
      return { value: await read() };
    } finally {
      this.release(account);
    }
  }

  /** Reads running, in all or for one account (for tests and metrics). */
  inFlight(account?: string): number {
    return account === undefined ? this.runningInService : (this.running.get(account) ?? 0);
  }

  /** Reads waiting for a slot, in all. */
  waitingCount(): number {
    return this.waiting.length;
  }

  private mayStart(account: string): boolean {
    return (
      this.runningInService < this.bounds.inService &&
      (this.running.get(account) ?? 0) < this.bounds.perAccount
    );
  }

  private take(account: string): void {
    this.running.set(account, (this.running.get(account) ?? 0) + 1);
    this.runningInService += 1;
  }

  private release(account: string): void {
    this.runningInService -= 1;
    const left = (this.running.get(account) ?? 1) - 1;
    if (left === 0) this.running.delete(account);
    else this.running.set(account, left);
    // The oldest waiter whose account has a slot free goes next (at most one slot was freed).
    const next = this.waiting.findIndex((waiter) => this.mayStart(waiter.account));
    if (next < 0) return;
    const [waiter] = this.waiting.splice(next, 1);
    const queued = (this.queued.get(waiter.account) ?? 1) - 1;
    if (queued === 0) this.queued.delete(waiter.account);
    else this.queued.set(waiter.account, queued);
    this.take(waiter.account);
    waiter.start();
  }
}
