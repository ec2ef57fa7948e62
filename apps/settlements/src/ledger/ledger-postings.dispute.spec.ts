import { NOW } from '../posting/posting.fixtures';
import { balancesAfter, deltaOf, postingsOf } from './ledger.fixtures';

const terms = { disputeId: 'disp_1', paymentId: 'pay_1', currency: 'INR' };
const hold = postingsOf({
  type: 'DisputeHoldPosted',
  data: { adjustmentId: 'adj_hold', ...terms, amount: 20000, openedAt: NOW },
});
const release = (outcome: 'won' | 'lost' | 'closed') =>
  postingsOf({
    type: 'DisputeHoldReleased',
    data: { adjustmentId: 'adj_release', ...terms, amount: 20000, outcome, releasedAt: NOW },
  });
const loss = (amount: number) =>
  postingsOf({
    type: 'DisputeLossPosted',
    data: { adjustmentId: 'adj_loss', ...terms, amount, lostAt: NOW },
  });

/** Scenario: a ₹200 dispute on a payment, won, or lost with the whole or part of it deducted. */
describe('ledger: a dispute', () => {
  it('moves its amount from the balance to on hold when it opens', () => {
    expect(balancesAfter(hold)).toMatchObject({ balance: -20000, on_hold: 20000 });
    expect(hold[0]).toMatchObject({
      id: 'adj_hold',
      kind: 'dispute_hold',
      line: true,
      recon: { type: 'adjustment', onHold: true, disputeId: 'disp_1', paymentId: 'pay_1' },
    });
  });

  it('gives it back when won: nothing moved in the end', () => {
    expect(balancesAfter([...hold, ...release('won')])).toMatchObject({
      balance: 0,
      on_hold: 0,
      adjustments: 0,
    });
  });

  it('deducts amount_deducted for good when lost', () => {
    expect(balancesAfter([...hold, ...release('lost'), ...loss(20000)])).toMatchObject({
      balance: -20000,
      on_hold: 0,
      adjustments: 20000,
    });
    expect(deltaOf(loss(20000))).toBe(-20000);
  });

  it('deducts only what was deducted when a loss takes less than was held', () => {
    expect(balancesAfter([...hold, ...release('lost'), ...loss(5000)])).toMatchObject({
      balance: -5000,
      on_hold: 0,
      adjustments: 5000,
    });
  });
});
