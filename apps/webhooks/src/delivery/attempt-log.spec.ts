import type { SqlRunner } from '@platform/event-store';
import { AttemptLog } from './attempt-log';
import type { AttemptResult, ClaimedDelivery } from './deliveries';

/** A runner that keeps each statement's batch of delivery ids and answers when told. */
function recordingRunner(fail = false) {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const db = {
    query: (_statement: unknown, values: unknown[]) =>
      new Promise((resolve, reject) => {
        batches.push(values[1] as string[]);
        pending.push(() => (fail ? reject(new Error('database away')) : resolve([])));
      }),
  } as unknown as SqlRunner;
  const answerAll = async () => {
    while (pending.length > 0) {
      (pending.shift() as () => void)();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { db, batches, answerAll };
}

const attempt = (id: string): AttemptResult => ({
  delivery: { id, now: 0 } as ClaimedDelivery,
  statusCode: 200,
  latencyMs: 1,
  error: null,
  delivered: true,
  next: null,
});

describe('the attempt log', () => {
  it('writes a lone attempt at once, and what finishes meanwhile together in the next statement', async () => {
    const { db, batches, answerAll } = recordingRunner();
    const log = new AttemptLog(db);
    const written = [
      log.record(attempt('whd_1')),
      log.record(attempt('whd_2')),
      log.record(attempt('whd_3')),
    ];
    await answerAll();
    await Promise.all(written);
    expect(batches).toEqual([['whd_1'], ['whd_2', 'whd_3']]);
  });

  it('puts a second attempt of the same delivery in a later statement', async () => {
    const { db, batches, answerAll } = recordingRunner();
    const log = new AttemptLog(db);
    const written = [
      log.record(attempt('whd_1')),
      log.record(attempt('whd_2')),
      log.record(attempt('whd_2')),
      log.record(attempt('whd_3')),
    ];
    await answerAll();
    await Promise.all(written);
    expect(batches).toEqual([['whd_1'], ['whd_2', 'whd_3'], ['whd_2']]);
  });

  it('fails the attempts of a statement that fails, and gives later attempts a statement of their own', async () => {
    const { db, answerAll } = recordingRunner(true);
    const log = new AttemptLog(db);
    const first = log.record(attempt('whd_1'));
    const outcome = first.catch((error: Error) => error.message);
    await answerAll();
    expect(await outcome).toBe('database away');
    const second = log.record(attempt('whd_2')).catch((error: Error) => error.message);
    await answerAll();
    expect(await second).toBe('database away');
    await log.drain();
  });
});
