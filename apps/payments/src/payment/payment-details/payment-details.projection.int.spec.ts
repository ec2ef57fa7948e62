import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { PAYMENT_STREAM } from '../payment.decider';
import {
  ACQUIRER_DATA,
  AMOUNT,
  DECLINED,
  FEE,
  METADATA,
  NOW,
  details,
  paymentAuthorized,
  paymentCaptured,
  paymentDeclined,
  paymentNotesEdited,
  paymentRefunded,
} from '../payment.fixtures';
import type { PaymentDetailsRow } from './payment-details.entity';
import { paymentDetailsProjection } from './payment-details.projection';
import { getPaymentDetails } from './payment-details.query';

const spec = ProjectionSpecification.forStreams(paymentDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: PAYMENT_STREAM,
  metadata: METADATA,
  read: getPaymentDetails,
});
const { stream: payment, detailsOf } = spec;

/** The row of a card payment just authorized, at `version` 1. */
function authorizedRow(id: string, overrides: Partial<PaymentDetailsRow> = {}): PaymentDetailsRow {
  const { card, email, contact } = details();
  return {
    ...rowOrigin(id, METADATA, NOW),
    amount: AMOUNT,
    currency: 'INR',
    status: 'authorized',
    orderId: 'order_AbCdEfGhIjKlMn',
    invoiceId: null,
    qrCodeId: null,
    customerId: null,
    method: 'card',
    captured: false,
    amountRefunded: 0,
    description: null,
    card,
    bank: null,
    wallet: null,
    vpa: null,
    email,
    contact,
    notes: {},
    fee: null,
    tax: null,
    error: null,
    acquirerData: ACQUIRER_DATA,
    international: false,
    acquirer: null,
    challengeUrl: null,
    ...overrides,
  };
}

spec.describe('payment details projection', () => {
  it('shows an authorized payment, not yet captured', () =>
    spec
      .given(...payment('pay_Authorized0001', paymentAuthorized()))
      .then(detailsOf('pay_Authorized0001'), authorizedRow('pay_Authorized0001')));

  it('shows a declined payment as failed, with the bank’s error', () =>
    spec.given(...payment('pay_Declined000001', paymentDeclined())).then(
      detailsOf('pay_Declined000001'),
      authorizedRow('pay_Declined000001', {
        status: 'failed',
        error: DECLINED,
        acquirerData: {},
      }),
    ));

  it('shows a captured payment with its fee and tax', () =>
    spec.given(...payment('pay_Captured000001', paymentAuthorized(), paymentCaptured())).then(
      detailsOf('pay_Captured000001'),
      authorizedRow('pay_Captured000001', {
        version: 2,
        status: 'captured',
        captured: true,
        ...FEE,
      }),
    ));

  it('shows the amount refunded after a partial refund, still captured', () =>
    spec
      .given(
        ...payment(
          'pay_PartRefund0001',
          paymentAuthorized(),
          paymentCaptured(),
          paymentRefunded(20_000),
        ),
      )
      .then(
        detailsOf('pay_PartRefund0001'),
        authorizedRow('pay_PartRefund0001', {
          version: 3,
          status: 'captured',
          captured: true,
          ...FEE,
          amountRefunded: 20_000,
        }),
      ));

  it('shows a payment refunded in full as refunded', () =>
    spec
      .given(
        ...payment(
          'pay_FullRefund0001',
          paymentAuthorized(),
          paymentCaptured(),
          paymentRefunded(20_000),
          paymentRefunded(AMOUNT - 20_000, 'rfnd_BcDeFgHiJkLmNo'),
        ),
      )
      .then(
        detailsOf('pay_FullRefund0001'),
        authorizedRow('pay_FullRefund0001', {
          version: 4,
          status: 'refunded',
          captured: true,
          ...FEE,
          amountRefunded: AMOUNT,
        }),
      ));

  it('shows the customer of what was paid, and none for a payment recorded before it was kept', async () => {
    await spec
      .given(
        ...payment('pay_OfCustomer0001', paymentAuthorized({ customerId: 'cust_QrOwner000001' })),
      )
      .then(
        detailsOf('pay_OfCustomer0001'),
        authorizedRow('pay_OfCustomer0001', { customerId: 'cust_QrOwner000001' }),
      );
    await spec
      .given(...payment('pay_NoCustomer0001', paymentAuthorized()))
      .then(detailsOf('pay_NoCustomer0001'), authorizedRow('pay_NoCustomer0001'));
  });

  it('shows the notes as last edited', () =>
    spec
      .given(
        ...payment(
          'pay_NotesEdited01',
          paymentAuthorized({ notes: { purpose: 'rent' } }),
          paymentNotesEdited({ purpose: 'deposit', flat: 42 }),
        ),
      )
      .then(
        detailsOf('pay_NotesEdited01'),
        authorizedRow('pay_NotesEdited01', { version: 2, notes: { purpose: 'deposit', flat: 42 } }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...payment(
          'pay_Replayed000001',
          paymentAuthorized(),
          paymentCaptured(),
          paymentRefunded(5_000),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('pay_Replayed000001'),
        authorizedRow('pay_Replayed000001', {
          version: 3,
          status: 'captured',
          captured: true,
          ...FEE,
          amountRefunded: 5_000,
        }),
      ));

  it('shows the payment to no other account or mode', async () => {
    await spec
      .given(...payment('pay_OtherTenant001', paymentAuthorized()))
      .then(detailsOf('pay_OtherTenant001'), authorizedRow('pay_OtherTenant001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getPaymentDetails(db, other, 'pay_OtherTenant001'), null);
  });
});
