import { SettlementEventTypes } from '@platform/contracts';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { ProjectionSpecification, otherTenants } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../app.module';
import { SETTLED_AT, settlementEntity, settlementMessages } from './settlement-directory.fixtures';
import { applyToSettlementDirectory } from './settlement-directory.projection';
import { findPaymentSettlement } from './settlement-directory.query';

const SCOPE: ReadScope = { accountId: 'acc_Test0000000001', mode: 'test' };
const FIRST = settlementEntity({ id: 'setl_First00000001' });
const SECOND = settlementEntity({ id: 'setl_Second0000001', utr: 'UTR0000000000002' });
const FAILED = settlementEntity({ id: 'setl_Failed0000001', status: 'failed' });

const spec = ProjectionSpecification.forMessages(applyToSettlementDirectory, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
});
const settlementOf =
  (paymentId: string, scope = SCOPE) =>
  (db: SqlRunner) =>
    findPaymentSettlement(db, scope, paymentId);
const paidBy = (settlement: typeof FIRST) => ({ settlement, settledAt: SETTLED_AT });

spec.describe('settlement directory projection', () => {
  it('records the processed settlement that paid each payment out, and when', async () => {
    const [message] = settlementMessages(SCOPE, ['pay_Settled0000001', 'pay_Settled0000002'], {
      settlement: FIRST,
    });
    await spec.given(message).then(settlementOf('pay_Settled0000001'), paidBy(FIRST));
    await spec.given().then(settlementOf('pay_Settled0000002'), paidBy(FIRST));
  });

  it('records the payments of every part of a settlement sent in parts', async () => {
    const parts = settlementMessages(SCOPE, ['pay_InParts0000001', 'pay_InParts0000002'], {
      settlement: SECOND,
      perPart: 1,
    });
    await spec.given(...parts).then(settlementOf('pay_InParts0000002'), paidBy(SECOND));
    await spec.given().then(settlementOf('pay_InParts0000001'), paidBy(SECOND));
  });

  it('records nothing for a failed settlement', () =>
    spec
      .given(
        ...settlementMessages(SCOPE, ['pay_FailedPayout01'], {
          type: SettlementEventTypes.failed,
          settlement: FAILED,
        }),
      )
      .then(settlementOf('pay_FailedPayout01'), null));

  it('records no entry that is not a payment (a refund)', () =>
    spec
      .given(...settlementMessages(SCOPE, ['rfnd_NotAPayment01'], { settlement: FIRST }))
      .then(settlementOf('rfnd_NotAPayment01'), null));

  it('keeps the first settlement that paid a payment out', async () => {
    await spec
      .given(...settlementMessages(SCOPE, ['pay_PaidOnce000001'], { settlement: FIRST }))
      .then(settlementOf('pay_PaidOnce000001'), paidBy(FIRST));
    await spec
      .given(...settlementMessages(SCOPE, ['pay_PaidOnce000001'], { settlement: SECOND }))
      .then(settlementOf('pay_PaidOnce000001'), paidBy(FIRST));
  });

  it('leaves the same row when the messages are delivered again', () =>
    spec
      .given(...settlementMessages(SCOPE, ['pay_Redelivered01'], { settlement: FIRST }))
      .thenAfter('redelivery', settlementOf('pay_Redelivered01'), paidBy(FIRST)));

  it('shows the settlement to no other account or mode', async () => {
    await spec
      .given(...settlementMessages(SCOPE, ['pay_OtherTenant001'], { settlement: FIRST }))
      .then(settlementOf('pay_OtherTenant001'), paidBy(FIRST));
    for (const other of otherTenants(SCOPE))
      await spec.given().then(settlementOf('pay_OtherTenant001', other), null);
  });
});
