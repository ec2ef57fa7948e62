import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { BILL_STREAM } from '../bill.decider';
import type { BillCreated, BillDeleted, BillDetails, BillUpdated } from '../bill.events';
import type { BillDetailsRow } from './bill-details.entity';
import { billDetailsProjection } from './bill-details.projection';
import { getBillDetails } from './bill-details.query';

const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };

/** A tax invoice for two notebooks at 18% GST, paid in cash; the receipt number is the bill's. */
function details(receiptNumber: string, overrides: Partial<BillDetails> = {}): BillDetails {
  return {
    receiptNumber,
    receiptTimestamp: NOW / 1000,
    receiptType: 'tax_invoice',
    receiptDelivery: 'digital',
    customer: { name: 'Gaurav Kumar', contact: '+919000090000', email: null },
    lineItems: [
      {
        id: 'line_1',
        name: 'Notebook',
        description: null,
        quantity: 2,
        unit: 'pcs',
        hsnCode: '4820',
        unitAmount: 10_000,
        taxRate: 18,
        taxInclusive: false,
        grossAmount: 20_000,
        taxableAmount: 20_000,
        taxAmount: 3_600,
        netAmount: 23_600,
      },
    ],
    summary: {
      totalQuantity: 2,
      subTotalAmount: 20_000,
      taxAmount: 3_600,
      netPayableAmount: 23_600,
    },
    currency: 'INR',
    payments: [{ method: 'cash', amount: 23_600, currency: 'INR', reference: null }],
    notes: {},
    ...overrides,
  };
}

const billCreated = (billId: string): BillCreated => ({
  type: 'BillCreated',
  data: { billId, details: details(`R-${billId}`), createdAt: NOW },
});
const billUpdated = (billId: string, overrides: Partial<BillDetails>): BillUpdated => ({
  type: 'BillUpdated',
  data: { details: details(`R-${billId}`, overrides), updatedAt: LATER },
});
const billDeleted = (): BillDeleted => ({ type: 'BillDeleted', data: { deletedAt: LATER } });

const spec = ProjectionSpecification.forStreams(billDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: BILL_STREAM,
  metadata: METADATA,
  read: getBillDetails,
});
const { stream: bill, detailsOf } = spec;
const createdRow = (id: string, overrides: Partial<BillDetailsRow> = {}): BillDetailsRow => ({
  ...rowOrigin(id, METADATA, NOW),
  ...details(`R-${id}`),
  updatedAt: NOW / 1000,
  ...overrides,
});

spec.describe('bill details projection', () => {
  it('shows a bill just created, with its lines, summary and payments', () =>
    spec
      .given(...bill('bill_Created000001', billCreated('bill_Created000001')))
      .then(detailsOf('bill_Created000001'), createdRow('bill_Created000001')));

  it('shows the whole bill as last updated, and when', () =>
    spec
      .given(
        ...bill(
          'bill_Updated000001',
          billCreated('bill_Updated000001'),
          billUpdated('bill_Updated000001', {
            receiptDelivery: 'print',
            notes: { counter: 3 },
          }),
        ),
      )
      .then(
        detailsOf('bill_Updated000001'),
        createdRow('bill_Updated000001', {
          version: 2,
          receiptDelivery: 'print',
          notes: { counter: 3 },
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows no row for a deleted bill, and frees its receipt number', async () => {
    await spec
      .given(...bill('bill_Deleted000001', billCreated('bill_Deleted000001'), billDeleted()))
      .then(detailsOf('bill_Deleted000001'), null);
    const reused: BillCreated = {
      type: 'BillCreated',
      data: {
        billId: 'bill_Reused0000001',
        details: details('R-bill_Deleted000001'),
        createdAt: NOW,
      },
    };
    await spec
      .given(...bill('bill_Reused0000001', reused))
      .then(
        (db) =>
          getBillDetails(db, METADATA, 'bill_Reused0000001').then((row) => row?.receiptNumber),
        'R-bill_Deleted000001',
      );
  });

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...bill(
          'bill_Replayed00001',
          billCreated('bill_Replayed00001'),
          billUpdated('bill_Replayed00001', { receiptType: 'sales_invoice' }),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('bill_Replayed00001'),
        createdRow('bill_Replayed00001', {
          version: 2,
          receiptType: 'sales_invoice',
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows the bill to no other account or mode', async () => {
    await spec
      .given(...bill('bill_OtherTenant01', billCreated('bill_OtherTenant01')))
      .then(detailsOf('bill_OtherTenant01'), createdRow('bill_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getBillDetails(db, other, 'bill_OtherTenant01'), null);
  });
});
