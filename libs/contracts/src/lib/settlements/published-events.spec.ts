import type { PublishedSettlementEvent } from './published-events';
import { settlementEventProblem } from './published-events';

const event = (data: unknown) =>
  ({
    id: 'e',
    type: 'settlement.processed',
    schema_version: 1,
    account_id: 'acc_1',
    mode: 'test',
    stream_id: 'setl_1',
    stream_version: 2,
    occurred_at: 1,
    correlation_id: null,
    causation_id: null,
    data,
  }) as PublishedSettlementEvent;
const settlement = {
  id: 'setl_1',
  entity: 'settlement',
  amount: 100,
  status: 'processed',
  fees: 0,
  tax: 0,
  utr: 'u',
  created_at: 1,
};

describe('settlement messages as consumers check them', () => {
  it('accepts a settlement with its part of the entry ids', () => {
    expect(
      settlementEventProblem(
        event({ settlement, entry_ids: ['pay_1'], entry_count: 1, part: 1, parts: 1 }),
      ),
    ).toBeNull();
  });

  it('refuses a part outside its parts, ids that are not strings, or no settlement', () => {
    expect(
      settlementEventProblem(
        event({ settlement, entry_ids: ['pay_1'], entry_count: 1, part: 2, parts: 1 }),
      ),
    ).toMatch(/part/);
    expect(
      settlementEventProblem(
        event({ settlement, entry_ids: [1], entry_count: 1, part: 1, parts: 1 }),
      ),
    ).toMatch(/entry_ids/);
    expect(
      settlementEventProblem(event({ entry_ids: [], entry_count: 0, part: 1, parts: 1 })),
    ).toMatch(/settlement/);
  });
});
