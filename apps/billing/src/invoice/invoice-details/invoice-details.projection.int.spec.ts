import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { INVOICE_STREAM } from '../invoice.decider';
import type { InvoiceEvent, InvoiceTerms } from '../invoice.events';
import { CUSTOMER, LATER, LINE, NOW, ORDER_ID, TERMS } from '../invoice.fixtures';
import type { InvoiceDetailsRow } from './invoice-details.entity';
import { invoiceDetailsProjection } from './invoice-details.projection';
import { getInvoiceDetails } from './invoice-details.query';

const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';

const created = (invoiceId: string, terms: Partial<InvoiceTerms> = {}): InvoiceEvent => ({
  type: 'InvoiceCreated',
  data: { invoiceId, terms: { ...TERMS, ...terms }, createdAt: NOW },
});
const issued: InvoiceEvent = { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: LATER } };
const recorded = (amount: number): InvoiceEvent => ({
  type: 'InvoicePaymentRecorded',
  data: { paymentId: PAYMENT_ID, amount, at: LATER },
});

const spec = ProjectionSpecification.forStreams(invoiceDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: INVOICE_STREAM,
  metadata: METADATA,
  read: getInvoiceDetails,
});
const { stream: invoice, detailsOf } = spec;

/** The row of a draft of TERMS, at version 1. */
function draftRow(id: string, overrides: Partial<InvoiceDetailsRow> = {}): InvoiceDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    status: 'draft',
    type: 'invoice',
    receipt: null,
    customerId: null,
    subscriptionId: null,
    orderId: null,
    paymentId: null,
    terms: TERMS,
    amount: 100_000,
    amountPaid: 0,
    issuedAt: null,
    paidAt: null,
    cancelledAt: null,
    expiredAt: null,
    smsStatus: null,
    emailStatus: null,
    ...overrides,
  };
}
/** The row of TERMS issued at LATER, at version 2. */
const issuedRow = (id: string, overrides: Partial<InvoiceDetailsRow> = {}) =>
  draftRow(id, {
    version: 2,
    status: 'issued',
    orderId: ORDER_ID,
    issuedAt: LATER / 1000,
    ...overrides,
  });

spec.describe('invoice details projection', () => {
  it('shows a draft just created, its amount the lines’ total', () =>
    spec
      .given(...invoice('inv_Draft000000001', created('inv_Draft000000001')))
      .then(detailsOf('inv_Draft000000001'), draftRow('inv_Draft000000001')));

  it('shows an edited draft with its new terms, customer, receipt and amount', () => {
    const changes = { customer: CUSTOMER, receipt: 'INV-7', lines: [{ ...LINE, quantity: 3 }] };
    return spec
      .given(
        ...invoice('inv_Edited00000001', created('inv_Edited00000001'), {
          type: 'InvoiceEdited',
          data: { changes, at: LATER },
        }),
      )
      .then(
        detailsOf('inv_Edited00000001'),
        draftRow('inv_Edited00000001', {
          version: 2,
          terms: { ...TERMS, ...changes },
          customerId: CUSTOMER.id,
          receipt: 'INV-7',
          amount: 300_000,
        }),
      );
  });

  it('shows an issued invoice with its order, no notification asked', () =>
    spec
      .given(...invoice('inv_Issued00000001', created('inv_Issued00000001'), issued))
      .then(detailsOf('inv_Issued00000001'), issuedRow('inv_Issued00000001')));

  it('marks the email pending when issued to a customer with an email, and the SMS not without a contact', () => {
    const terms = { customer: CUSTOMER, smsNotify: true, emailNotify: true };
    return spec
      .given(...invoice('inv_Notifying00001', created('inv_Notifying00001', terms), issued))
      .then(
        detailsOf('inv_Notifying00001'),
        issuedRow('inv_Notifying00001', {
          terms: { ...TERMS, ...terms },
          customerId: CUSTOMER.id,
          emailStatus: 'pending',
          smsStatus: null,
        }),
      );
  });

  it('shows the email as sent once notified', () => {
    const terms = { customer: CUSTOMER, emailNotify: true };
    return spec
      .given(
        ...invoice('inv_Notified000001', created('inv_Notified000001', terms), issued, {
          type: 'InvoiceNotified',
          data: { medium: 'email', at: LATER },
        }),
      )
      .then(
        detailsOf('inv_Notified000001'),
        issuedRow('inv_Notified000001', {
          version: 3,
          terms: { ...TERMS, ...terms },
          customerId: CUSTOMER.id,
          emailStatus: 'sent',
        }),
      );
  });

  it('shows no row for a deleted draft', () =>
    spec
      .given(
        ...invoice('inv_Deleted0000001', created('inv_Deleted0000001'), {
          type: 'InvoiceDeleted',
          data: { at: LATER },
        }),
      )
      .then(detailsOf('inv_Deleted0000001'), null));

  it('shows a cancelled invoice as cancelled, and when', () =>
    spec
      .given(
        ...invoice('inv_Cancelled00001', created('inv_Cancelled00001'), issued, {
          type: 'InvoiceCancelled',
          data: { at: LATER + 60_000 },
        }),
      )
      .then(
        detailsOf('inv_Cancelled00001'),
        issuedRow('inv_Cancelled00001', {
          version: 3,
          status: 'cancelled',
          cancelledAt: (LATER + 60_000) / 1000,
        }),
      ));

  it('shows an expired invoice as expired, and when', () =>
    spec
      .given(
        ...invoice('inv_Expired0000001', created('inv_Expired0000001'), issued, {
          type: 'InvoiceExpired',
          data: { at: LATER + 60_000 },
        }),
      )
      .then(
        detailsOf('inv_Expired0000001'),
        issuedRow('inv_Expired0000001', {
          version: 3,
          status: 'expired',
          expiredAt: (LATER + 60_000) / 1000,
        }),
      ));

  it('shows the amount paid and the payment after a partial payment', () =>
    spec
      .given(
        ...invoice('inv_PartPaid000001', created('inv_PartPaid000001'), issued, recorded(40_000)),
      )
      .then(
        detailsOf('inv_PartPaid000001'),
        issuedRow('inv_PartPaid000001', {
          version: 3,
          status: 'partially_paid',
          amountPaid: 40_000,
          paymentId: PAYMENT_ID,
        }),
      ));

  it('shows a paid invoice as paid, and when', () =>
    spec
      .given(
        ...invoice('inv_Paid0000000001', created('inv_Paid0000000001'), issued, recorded(100_000), {
          type: 'InvoicePaid',
          data: { paymentId: PAYMENT_ID, at: LATER },
        }),
      )
      .then(
        detailsOf('inv_Paid0000000001'),
        issuedRow('inv_Paid0000000001', {
          version: 4,
          status: 'paid',
          amountPaid: 100_000,
          paymentId: PAYMENT_ID,
          paidAt: LATER / 1000,
        }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...invoice(
          'inv_Replayed000001',
          created('inv_Replayed000001'),
          issued,
          recorded(30_000),
          recorded(20_000),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('inv_Replayed000001'),
        issuedRow('inv_Replayed000001', {
          version: 4,
          status: 'partially_paid',
          amountPaid: 50_000,
          paymentId: PAYMENT_ID,
        }),
      ));

  it('shows the invoice to no other account or mode', async () => {
    await spec
      .given(...invoice('inv_OtherTenant001', created('inv_OtherTenant001')))
      .then(detailsOf('inv_OtherTenant001'), draftRow('inv_OtherTenant001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getInvoiceDetails(db, other, 'inv_OtherTenant001'), null);
  });
});
