/**
 * Remembers strings for a while, up to a number of them (the oldest are forgotten first): for facts
 * anyone can make us learn, such as "no such key", which must cost little memory however many are asked.
 */
export class ExpiringSet {
  /** Value → when it is forgotten; the Map's order is the order they were added. */
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number },
    private readonly now: () => number = Date.now,
  ) {}

  has(value: string): boolean {
    const until = this.entries.get(value);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.entries.delete(value);
    return false;
  }

  add(value: string): void {
    this.entries.delete(value);
    this.entries.set(value, this.now() + this.options.ttlMs);
    if (this.entries.size > this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
  }
}
