import { idFor } from '@platform/domain-kit';
import type { PaymentDetailsRow } from '../../payment/payment-details/payment-details.entity';
import {
  settlementEntity,
  SETTLED_AT,
} from '../../settlement-directory/settlement-directory.fixtures';
import { toTransactionEntity } from './dispute-transaction.response';

const payment = {
  id: 'pay_Captured000001',
  amount: 50000,
  currency: 'INR',
  fee: 1180,
  tax: 180,
  captured: true,
  createdAt: 1_700_000_000,
} as PaymentDetailsRow;

describe('A disputed payment’s transaction', () => {
  describe('when not settled yet', () => {
    it('credits the amount less the fee and names no settlement', () => {
      expect(toTransactionEntity(payment, null, true)).toEqual({
        id: idFor('txn', payment.id),
        entity: 'transaction',
        type: 'payment',
        entity_id: payment.id,
        amount: 50000,
        currency: 'INR',
        fee: 1180,
        tax: 180,
        debit: 0,
        credit: 48820,
        on_hold: false,
        settled: false,
        settlement_id: null,
        settled_at: null,
        created_at: 1_700_000_000,
        settlement: null,
      });
    });
  });

  describe('when paid out by a settlement', () => {
    const settlement = settlementEntity();

    it('names the settlement and when it settled, with the settlement itself only when expanded', () => {
      const settled = { settlement, settledAt: SETTLED_AT };
      expect(toTransactionEntity(payment, settled, true)).toMatchObject({
        settled: true,
        settlement_id: settlement.id,
        settled_at: SETTLED_AT,
        settlement,
      });
      expect(toTransactionEntity(payment, settled, false)).not.toHaveProperty('settlement');
    });
  });
});
