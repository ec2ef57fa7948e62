/**
 * The wait of a polling loop that news can cut short: `sleep(ms)` resolves after ms, or as soon as
 * `wake()` is called (a NOTIFY, new work). A wake while nobody sleeps is a no-op; the loop looks for
 * work before it sleeps again. `close()` (shutdown) wakes the sleeper and makes every later sleep
 * return at once: a loop that was busy when it was told to stop must not then sleep out its whole
 * poll interval before it sees that.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | null = null;
  private closed = false;

  sleep(ms: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    this.wakeUp?.();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }
}
