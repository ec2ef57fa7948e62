import type { IntegrationEvent } from '@platform/contracts';
import type { SqlRunner } from '@platform/event-store';
import type { EventHandler } from './event-handler';
import { keepRelevant, relevantWhen } from './relevance';

/** Never asked: the relevances under test read nothing. */
const db = {} as SqlRunner;

const event = (n: number): IntegrationEvent => ({
  id: `evt_${n}`,
  type: 'payment.captured',
  schema_version: 1,
  account_id: 'acc_1',
  mode: 'test',
  stream_id: `pay_${n}`,
  stream_version: 1,
  occurred_at: 1_700_000_000,
  correlation_id: null,
  causation_id: null,
  data: { n },
});

const handler = (
  consumer: string,
  relevant?: EventHandler['relevant'],
  rememberSkips?: EventHandler['rememberSkips'],
): EventHandler => ({
  topic: 'payments.payment',
  consumer,
  apply: async () => undefined,
  relevant,
  rememberSkips,
});
const always = () => true;

/** A database that records each statement and its values, failing every one when `failing`. */
function recordingDb(failing = false): { db: SqlRunner; statements: unknown[][] } {
  const statements: unknown[][] = [];
  const db = {
    query: async (_statement: unknown, values: unknown[]) => {
      statements.push(values);
      if (failing) throw new Error('connection refused');
      return [];
    },
  } as unknown as SqlRunner;
  return { db, statements };
}

const even = relevantWhen((one: IntegrationEvent) => (one.data as { n: number }).n % 2 === 0);

describe('keepRelevant', () => {
  it('keeps every delivery of a handler without a relevance', async () => {
    const all = handler('all');
    const deliveries = [1, 2, 3].map((n) => ({ handler: all, event: event(n) }));
    expect(await keepRelevant(db, deliveries)).toEqual(deliveries);
  });

  it('drops what a handler’s relevance leaves out, keeping the others’ deliveries in their order', async () => {
    const evens = handler('evens', even);
    const all = handler('all');
    const [one, two, three, four] = [1, 2, 3, 4].map(event);
    const deliveries = [
      { handler: evens, event: one },
      { handler: all, event: one },
      { handler: evens, event: two },
      { handler: evens, event: three },
      { handler: all, event: four },
      { handler: evens, event: four },
    ];
    const kept = await keepRelevant(db, deliveries);
    expect(kept.map((d) => `${d.handler.consumer}:${d.event.id}`)).toEqual([
      'all:evt_1',
      'evens:evt_2',
      'all:evt_4',
      'evens:evt_4',
    ]);
  });

  it('asks each handler once for all of its events, awaiting one that reads', async () => {
    const asked: string[][] = [];
    const reads = handler('reads', async (_db, events) => {
      asked.push(events.map((one) => one.id));
      return events.slice(1);
    });
    const deliveries = [1, 2, 3].map((n) => ({ handler: reads, event: event(n) }));
    const kept = await keepRelevant(db, deliveries);
    expect(asked).toEqual([['evt_1', 'evt_2', 'evt_3']]);
    expect(kept.map((d) => d.event.id)).toEqual(['evt_2', 'evt_3']);
  });

  it('applies every event of a handler whose relevance fails (never skips on doubt)', async () => {
    const failing = handler('failing', async () => {
      throw new Error('connection refused');
    });
    const deliveries = [1, 2].map((n) => ({ handler: failing, event: event(n) }));
    expect(await keepRelevant(db, deliveries)).toEqual(deliveries);
  });

  describe('with rememberSkips', () => {
    it('records every skipped event of every such handler in one statement, and drops them', async () => {
      const evens = handler('evens', even, always);
      const odds = handler(
        'odds',
        relevantWhen((one: IntegrationEvent) => (one.data as { n: number }).n % 2 === 1),
        always,
      );
      const [one, two, three] = [1, 2, 3].map(event);
      const deliveries = [
        { handler: evens, event: one },
        { handler: odds, event: one },
        { handler: evens, event: two },
        { handler: odds, event: two },
        { handler: evens, event: three },
        { handler: evens, event: { ...three } }, // the same event again in the chunk (a redelivery)
      ];
      const { db: recording, statements } = recordingDb();
      const kept = await keepRelevant(recording, deliveries);
      expect(kept.map((d) => `${d.handler.consumer}:${d.event.id}`)).toEqual([
        'odds:evt_1',
        'evens:evt_2',
      ]);
      expect(statements).toEqual([
        [
          ['evens', 'odds', 'evens'],
          ['evt_1', 'evt_2', 'evt_3'],
        ],
      ]);
    });

    it('records only the skipped events its rememberSkips names (not the types it does not take)', async () => {
      const nothing = relevantWhen(() => false);
      const firstOnly = handler('first-only', nothing, (one) => one.id === 'evt_1');
      const deliveries = [1, 2].map((n) => ({ handler: firstOnly, event: event(n) }));
      const { db: recording, statements } = recordingDb();
      expect(await keepRelevant(recording, deliveries)).toEqual([]);
      expect(statements).toEqual([[['first-only'], ['evt_1']]]);
    });

    it('records nothing for a stable relevance, nor when nothing was skipped', async () => {
      const { db: recording, statements } = recordingDb();
      const stable = handler('stable', even);
      const keepsAll = handler('keeps-all', (_db, events) => events, always);
      const deliveries = [1, 2].flatMap((n) => [
        { handler: stable, event: event(n) },
        { handler: keepsAll, event: event(n) },
      ]);
      const kept = await keepRelevant(recording, deliveries);
      expect(kept.map((d) => `${d.handler.consumer}:${d.event.id}`)).toEqual([
        'keeps-all:evt_1',
        'stable:evt_2',
        'keeps-all:evt_2',
      ]);
      expect(statements).toEqual([]);
    });

    it('applies the skipped events the ordinary way when recording them fails, and still drops a stable relevance’s', async () => {
      const remembering = handler('remembering', even, always);
      const stable = handler('stable', even);
      const deliveries = [1, 2, 3].flatMap((n) => [
        { handler: remembering, event: event(n) },
        { handler: stable, event: event(n) },
      ]);
      const { db: failing, statements } = recordingDb(true);
      const kept = await keepRelevant(failing, deliveries);
      expect(statements).toHaveLength(1);
      expect(kept.map((d) => `${d.handler.consumer}:${d.event.id}`)).toEqual([
        'remembering:evt_1',
        'remembering:evt_2',
        'stable:evt_2',
        'remembering:evt_3',
      ]);
    });
  });
});
