/** How a part of the platform that died is restarted: as Kubernetes does, with exponential back-off. */
export interface BackoffPolicy {
  /** The wait before the first restart; each later one waits twice the one before… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** A part that stayed ready this long starts again at the first delay when it next dies. */
  resetAfterReadyMs: number;
}

/** 1 s, 2 s, 4 s … 30 s; a minute of being ready forgives the past. */
export const RESTART_BACKOFF: BackoffPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  resetAfterReadyMs: 60_000,
};

/** The count of restarts in a row of one part, and the wait before the next. */
export class RestartBackoff {
  private attempts = 0;
  private readySince: number | null;

  /** The part is ready at `now` (it has just started). */
  constructor(
    private readonly policy: BackoffPolicy = RESTART_BACKOFF,
    now: number = Date.now(),
  ) {
    this.readySince = now;
  }

  /** The part is ready again. */
  ready(now: number = Date.now()): void {
    this.readySince = now;
  }

  /** The part died (or did not come up): the number of the restart to make, and how long to wait first. */
  next(now: number = Date.now()): { attempt: number; delayMs: number } {
    if (this.readySince !== null && now - this.readySince >= this.policy.resetAfterReadyMs)
      this.attempts = 0;
    this.readySince = null;
    this.attempts += 1;
    const delayMs = Math.min(
      this.policy.firstDelayMs * 2 ** (this.attempts - 1),
      this.policy.maxDelayMs,
    );
    return { attempt: this.attempts, delayMs };
  }
}

/** `exit code 1` or `signal SIGKILL`, as the console says why a process ended. */
export const describeExit = (code: number | null, signal: NodeJS.Signals | null): string =>
  signal ? `signal ${signal}` : `exit code ${code}`;

/** `2 s`, `500 ms`. */
export const formatDelay = (ms: number): string =>
  ms >= 1000 && ms % 1000 === 0
    ? `${ms / 1000} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${ms} ms`;
