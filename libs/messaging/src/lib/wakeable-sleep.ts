/**
 * The wait of a polling loop that news can cut short: `sleep(ms)` resolves after ms, or as soon as
 * `wake()` is called (a NOTIFY, new work, shutdown). A wake while nobody sleeps is a no-op; the loop
 * looks for work before it sleeps again.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
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
}
