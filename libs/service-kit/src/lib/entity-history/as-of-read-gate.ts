/**
 * How many `as_of` reads a service runs at once: at most `perAccount` for one account and mode,
 * and at most `inService` in all. An `as_of` read folds an entity's events up to an instant, so its
 * cost grows with the entity's history (a customer updated thousands of times); without a bound,
 * one key's burst of such reads takes the database connections every other account's requests
 * need. A read past either bound is refused at once (429, Retry-After) rather than queued: a queue
 * would hold the caller's connection and still delay the account's own plain requests.
 *
 * Written by hand: a counter per account and one in all, taken and given back synchronously; the
 * semaphore libraries on the registry queue work, and refusing is the behaviour wanted here.
 */
export interface AsOfReadBounds {
  perAccount: number;
  inService: number;
}

export const DEFAULT_AS_OF_READ_BOUNDS: AsOfReadBounds = { perAccount: 2, inService: 4 };

export class AsOfReadGate {
  private readonly byAccount = new Map<string, number>();
  private running = 0;

  constructor(private readonly bounds: AsOfReadBounds = DEFAULT_AS_OF_READ_BOUNDS) {}

  /** Runs `read` if both bounds allow it now; `null` when they do not (the caller answers 429). */
  async run<T>(account: string, read: () => Promise<T>): Promise<{ value: T } | null> {
    const ofAccount = this.byAccount.get(account) ?? 0;
    if (ofAccount >= this.bounds.perAccount || this.running >= this.bounds.inService) return null;
    this.byAccount.set(account, ofAccount + 1);
    this.running += 1;
    try {
      return { value: await read() };
    } finally {
      this.running -= 1;
      const left = (this.byAccount.get(account) ?? 1) - 1;
      if (left === 0) this.byAccount.delete(account);
      else this.byAccount.set(account, left);
    }
  }

  /** Reads in flight, in all and for one account (for tests and metrics). */
  inFlight(account?: string): number {
    return account === undefined ? this.running : (this.byAccount.get(account) ?? 0);
  }
}
