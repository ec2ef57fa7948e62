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

const handler = (consumer: string, relevant?: EventHandler['relevant']): EventHandler => ({
  topic: 'payments.payment',
  consumer,
  apply: async () => undefined,
  relevant,
});

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
});
