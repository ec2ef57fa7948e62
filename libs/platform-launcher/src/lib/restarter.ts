import { formatDelay, RESTART_BACKOFF, RestartBackoff } from './restart-backoff';
import type { BackoffPolicy } from './restart-backoff';

/** Restarts one part of the platform (a service, PostgreSQL, the broker) each time it dies. */
export interface Restarter {
  /** The part died (`why`: "exit code 1"): restarted after the back-off, unless a restart is under way. */
  died(why: string): void;
  /** No restart from now on; resolves once a restart under way has ended. */
  stop(): Promise<void>;
}

export interface RestarterOptions {
  /** As the console names it: `payments`, `PostgreSQL`. */
  part: string;
  /** Starts the part again; resolves once it is ready, throws if it does not come up. */
  restart: () => Promise<void>;
  log: (message: string) => void;
  policy?: BackoffPolicy;
}

/**
 * "payments stopped unexpectedly (exit code 1); restarting in 2 s (attempt 2)", then the restart,
 * again with a longer wait while it does not come up, then "payments is ready again". The back-off
 * starts from the first delay once the part stayed ready for the policy's while.
 */
export function createRestarter(options: RestarterOptions): Restarter {
  const { part, restart, log } = options;
  const backoff = new RestartBackoff(options.policy ?? RESTART_BACKOFF);
  let stopped = false;
  let underWay: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    }).finally(() => (wake = null));

  async function restartUntilReady(why: string): Promise<void> {
    let reason = `${part} stopped unexpectedly (${why})`;
    while (!stopped) {
      const { attempt, delayMs } = backoff.next();
      log(`${reason}; restarting in ${formatDelay(delayMs)} (attempt ${attempt})`);
      await wait(delayMs);
      if (stopped) return;
      try {
        await restart();
      } catch (error) {
        reason = `${part} did not start again (${error instanceof Error ? error.message : String(error)})`;
        continue;
      }
      if (stopped) return;
      backoff.ready();
      log(`${part} is ready again`);
      return;
    }
  }

  return {
    died(why) {
      if (stopped || underWay) return;
      underWay = restartUntilReady(why).finally(() => (underWay = null));
    },
    async stop() {
      stopped = true;
      wake?.();
      await underWay;
    },
  };
}
