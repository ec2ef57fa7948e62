/**
 * Whether a write that adds outbox rows should also NOTIFY the relay. PostgreSQL serialises the
 * commits of notifying transactions on one database-wide lock, so a NOTIFY per command cost about a
 * seventh of PostgreSQL's CPU under a stream of creates. One per `intervalMs` per process is enough
 * to wake an idle relay: once woken, the relay only goes back to sleep after a poll that found
 * nothing, and it polls again at least its linger (20 ms, longer than the 10 ms here) after each
 * batch, so it sees every write issued right after a NOTIFY. A write that takes longer than that to
 * commit, at the end of a burst, waits for the next NOTIFY or the relay's fallback poll (1 s).
 */
export class NotifyThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervalMs = 10) {}

  /** True (and the clock restarts) when the last NOTIFY was at least `intervalMs` ago. */
  due(now = performance.now()): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }
}
