import { WakeableSleep } from './wakeable-sleep';

describe('a wakeable sleep', () => {
  it('ends after its time when nobody wakes it', async () => {
    const started = Date.now();
    await new WakeableSleep().sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('ends at once when woken, and a wake while nobody sleeps is not kept for the next sleep', async () => {
    const pause = new WakeableSleep();
    pause.wake();
    let ended = false;
    const sleeping = pause.sleep(10_000).then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(false);
    pause.wake();
    await sleeping;
    expect(ended).toBe(true);
  });

  it('once closed, wakes the sleeper and never sleeps again: a stop while the loop was busy is not lost', async () => {
    const pause = new WakeableSleep();
    const sleeping = pause.sleep(10_000);
    pause.close();
    await sleeping;
    let ended = false;
    const later = pause.sleep(10_000).then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(true);
    await later;
  });
});
