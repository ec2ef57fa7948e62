import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import {
  AMOUNT,
  EARLIEST_EXPIRE_BY,
  KEY_ID,
  LATER,
  linkCancelled,
  linkCreated,
  linkEdited,
  linkExpired,
  linkNotified,
  linkPaid,
  linkPaymentCaptured,
  METADATA,
  NOW,
  ORDER_ID,
  SECOND_PAYMENT_ID,
  SIX_MONTHS_ON,
  terms,
} from '../payment-link.fixtures';
import { PAYMENT_LINK_STREAM } from '../payment-link.state';
import type { PaymentLinkDetailsRow } from './payment-link-details.entity';
import { paymentLinkDetailsProjection } from './payment-link-details.projection';
import { getPaymentLinkDetails } from './payment-link-details.query';

const spec = ProjectionSpecification.forStreams(paymentLinkDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: PAYMENT_LINK_STREAM,
  metadata: METADATA,
  read: getPaymentLinkDetails,
});
const { stream: link, detailsOf } = spec;

/** The row of a link of 50,000 just created, at version 1 (each stream its own reference). */
function createdRow(
  id: string,
  overrides: Partial<PaymentLinkDetailsRow> = {},
): PaymentLinkDetailsRow {
  const { customer, notes, description } = terms();
  return {
    ...rowOrigin(id, METADATA, NOW),
    amount: AMOUNT,
    amountPaid: 0,
    currency: 'INR',
    status: 'created',
    acceptPartial: false,
    firstMinPartialAmount: null,
    description,
    referenceId: `ref-${id}`,
    customer,
    notifySms: false,
    notifyEmail: false,
    reminderEnable: false,
    notes,
    callbackUrl: null,
    callbackMethod: null,
    upiLink: false,
    orderId: ORDER_ID,
    keyId: KEY_ID,
    shortUrl: 'https://api.example.com/l/plink_AbCdEfGhIjKlMn',
    payments: [],
    expireBy: null,
    expiredAt: null,
    cancelledAt: null,
    updatedAt: NOW / 1000,
    ...overrides,
  };
}

const created = (id: string, overrides: Parameters<typeof linkCreated>[0] = {}) =>
  linkCreated({ referenceId: `ref-${id}`, ...overrides });

spec.describe('payment link details projection', () => {
  it('shows a link just created, with its terms, its order and the key that made it', () =>
    spec
      .given(...link('plink_Created0000001', created('plink_Created0000001')))
      .then(detailsOf('plink_Created0000001'), createdRow('plink_Created0000001')));

  it('lists its captured payments and adds them up, partially paid, then paid', () =>
    spec
      .given(
        ...link(
          'plink_PaidInParts01',
          created('plink_PaidInParts01', { acceptPartial: true }),
          linkPaymentCaptured(20_000),
          linkPaymentCaptured(AMOUNT - 20_000, SECOND_PAYMENT_ID, LATER + 60_000),
          linkPaid(SECOND_PAYMENT_ID, LATER + 60_000),
        ),
      )
      .then(
        detailsOf('plink_PaidInParts01'),
        createdRow('plink_PaidInParts01', {
          version: 4,
          acceptPartial: true,
          status: 'paid',
          amountPaid: AMOUNT,
          payments: [
            {
              paymentId: 'pay_AbCdEfGhIjKlMn',
              amount: 20_000,
              method: 'card',
              createdAt: NOW / 1000,
              capturedAt: LATER / 1000,
            },
            {
              paymentId: SECOND_PAYMENT_ID,
              amount: AMOUNT - 20_000,
              method: 'card',
              createdAt: NOW / 1000,
              capturedAt: LATER / 1000 + 60,
            },
          ],
          updatedAt: LATER / 1000 + 60,
        }),
      ));

  it('shows what an edit changed, and a notification changes nothing shown', () =>
    spec
      .given(
        ...link(
          'plink_Edited000001',
          created('plink_Edited000001'),
          linkEdited({
            referenceId: 'TS35',
            expireBy: EARLIEST_EXPIRE_BY,
            notes: { policy: 'Life' },
            reminderEnable: true,
            acceptPartial: true,
          }),
          linkNotified('sms', '+919000090000'),
        ),
      )
      .then(
        detailsOf('plink_Edited000001'),
        createdRow('plink_Edited000001', {
          version: 2,
          referenceId: 'TS35',
          expireBy: EARLIEST_EXPIRE_BY,
          notes: { policy: 'Life' },
          reminderEnable: true,
          acceptPartial: true,
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows a cancelled link with when, and an expired one with when', async () => {
    await spec
      .given(...link('plink_Cancelled0001', created('plink_Cancelled0001'), linkCancelled()))
      .then(
        detailsOf('plink_Cancelled0001'),
        createdRow('plink_Cancelled0001', {
          version: 2,
          status: 'cancelled',
          cancelledAt: LATER / 1000,
          updatedAt: LATER / 1000,
        }),
      );
    await spec
      .given(...link('plink_Expired000001', created('plink_Expired000001'), linkExpired()))
      .then(
        detailsOf('plink_Expired000001'),
        createdRow('plink_Expired000001', {
          version: 2,
          status: 'expired',
          expiredAt: SIX_MONTHS_ON / 1000,
          updatedAt: SIX_MONTHS_ON / 1000,
        }),
      );
  });

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...link(
          'plink_Replayed00001',
          created('plink_Replayed00001'),
          linkPaymentCaptured(),
          linkPaid(),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('plink_Replayed00001'),
        createdRow('plink_Replayed00001', {
          version: 3,
          status: 'paid',
          amountPaid: AMOUNT,
          payments: [
            {
              paymentId: 'pay_AbCdEfGhIjKlMn',
              amount: AMOUNT,
              method: 'card',
              createdAt: NOW / 1000,
              capturedAt: LATER / 1000,
            },
          ],
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows the link to no other account or mode', async () => {
    await spec
      .given(...link('plink_OtherTenant01', created('plink_OtherTenant01')))
      .then(detailsOf('plink_OtherTenant01'), createdRow('plink_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec
        .given()
        .then((db) => getPaymentLinkDetails(db, other, 'plink_OtherTenant01'), null);
  });
});
