import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { ORDER_STREAM } from '../order.decider';
import {
  METADATA,
  NOW,
  ORDER_AMOUNT,
  SECOND_PAYMENT_ID,
  orderCreated,
  orderNotesEdited,
  orderPaid,
  orderPaymentAttempted,
  orderPaymentCaptured,
} from '../order.fixtures';
import type { OrderDetailsRow } from './order-details.entity';
import { orderDetailsProjection } from './order-details.projection';
import { getOrderDetails } from './order-details.query';

const spec = ProjectionSpecification.forStreams(orderDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: ORDER_STREAM,
  metadata: METADATA,
  read: getOrderDetails,
});
const { stream: order, detailsOf } = spec;

/** The row of an order of 50,000 just created, at version 1. */
function createdRow(id: string, overrides: Partial<OrderDetailsRow> = {}): OrderDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    amount: ORDER_AMOUNT,
    amountPaid: 0,
    currency: 'INR',
    receipt: `rcpt_${id}`,
    status: 'created',
    attempts: 0,
    notes: {},
    partialPayment: false,
    firstPaymentMinAmount: null,
    paymentCapture: true,
    authorized: false,
    invoiceId: null,
    paymentLinkId: null,
    ...overrides,
  };
}

spec.describe('order details projection', () => {
  it('shows an order just created, with its terms', () =>
    spec
      .given(
        ...order(
          'order_Created00001',
          orderCreated({
            receipt: 'rcpt_order_Created00001',
            partialPayment: true,
            firstPaymentMinAmount: 10_000,
            invoiceId: 'inv_AbCdEfGhIjKlMn',
          }),
        ),
      )
      .then(
        detailsOf('order_Created00001'),
        createdRow('order_Created00001', {
          partialPayment: true,
          firstPaymentMinAmount: 10_000,
          invoiceId: 'inv_AbCdEfGhIjKlMn',
        }),
      ));

  it('shows an order attempted by a declined payment as attempted, not authorized', () =>
    spec
      .given(
        ...order(
          'order_Declined0001',
          orderCreated({ receipt: 'rcpt_order_Declined0001' }),
          orderPaymentAttempted({ authorized: false }),
        ),
      )
      .then(
        detailsOf('order_Declined0001'),
        createdRow('order_Declined0001', { version: 2, status: 'attempted', attempts: 1 }),
      ));

  it('counts every attempt and stays authorized once a payment was', () =>
    spec
      .given(
        ...order(
          'order_Attempts0001',
          orderCreated({ receipt: 'rcpt_order_Attempts0001' }),
          orderPaymentAttempted(),
          orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, authorized: false }),
        ),
      )
      .then(
        detailsOf('order_Attempts0001'),
        createdRow('order_Attempts0001', {
          version: 3,
          status: 'attempted',
          attempts: 2,
          authorized: true,
        }),
      ));

  it('shows the amount paid after a partial capture, still attempted', () =>
    spec
      .given(
        ...order(
          'order_PartPaid0001',
          orderCreated({ receipt: 'rcpt_order_PartPaid0001', partialPayment: true }),
          orderPaymentAttempted({ amount: 20_000 }),
          orderPaymentCaptured(undefined, 20_000),
        ),
      )
      .then(
        detailsOf('order_PartPaid0001'),
        createdRow('order_PartPaid0001', {
          version: 3,
          partialPayment: true,
          status: 'attempted',
          attempts: 1,
          authorized: true,
          amountPaid: 20_000,
        }),
      ));

  it('shows an order paid in full as paid, and a later attempt leaves it paid', () =>
    spec
      .given(
        ...order(
          'order_Paid00000001',
          orderCreated({ receipt: 'rcpt_order_Paid00000001' }),
          orderPaymentAttempted(),
          orderPaymentCaptured(),
          orderPaid(),
          orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, authorized: false }),
        ),
      )
      .then(
        detailsOf('order_Paid00000001'),
        createdRow('order_Paid00000001', {
          version: 5,
          status: 'paid',
          attempts: 2,
          authorized: true,
          amountPaid: ORDER_AMOUNT,
        }),
      ));

  it('shows the notes as last edited', () =>
    spec
      .given(
        ...order(
          'order_NotesEdited1',
          orderCreated({ receipt: 'rcpt_order_NotesEdited1' }),
          orderNotesEdited({ ref: 'A-1' }),
        ),
      )
      .then(
        detailsOf('order_NotesEdited1'),
        createdRow('order_NotesEdited1', { version: 2, notes: { ref: 'A-1' } }),
      ));

  it('shows a payment link’s order as the link’s, with the partial payments its link changed', () =>
    spec
      .given(
        ...order(
          'order_OfLink000001',
          orderCreated({ receipt: 'TS1989', paymentLinkId: 'plink_AbCdEfGhIjKlMn' }),
          {
            type: 'OrderPartialPaymentChanged',
            data: { partialPayment: true, firstPaymentMinAmount: 10_000 },
          },
        ),
      )
      .then(
        detailsOf('order_OfLink000001'),
        createdRow('order_OfLink000001', {
          version: 2,
          receipt: 'TS1989',
          paymentLinkId: 'plink_AbCdEfGhIjKlMn',
          partialPayment: true,
          firstPaymentMinAmount: 10_000,
        }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...order(
          'order_Replayed0001',
          orderCreated({ receipt: 'rcpt_order_Replayed0001' }),
          orderPaymentAttempted(),
          orderPaymentCaptured(),
          orderPaid(),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('order_Replayed0001'),
        createdRow('order_Replayed0001', {
          version: 4,
          status: 'paid',
          attempts: 1,
          authorized: true,
          amountPaid: ORDER_AMOUNT,
        }),
      ));

  it('shows the order to no other account or mode', async () => {
    await spec
      .given(...order('order_OtherTenant1', orderCreated({ receipt: 'rcpt_order_OtherTenant1' })))
      .then(detailsOf('order_OtherTenant1'), createdRow('order_OtherTenant1'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getOrderDetails(db, other, 'order_OtherTenant1'), null);
  });
});
