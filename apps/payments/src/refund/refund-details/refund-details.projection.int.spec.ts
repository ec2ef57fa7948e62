import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { REFUND_STREAM } from '../refund.decider';
import {
  ARN,
  METADATA,
  NORMAL_DUE,
  NOW,
  PAYMENT_ID,
  refundCreated,
  refundNotesEdited,
  refundProcessed,
} from '../refund.fixtures';
import type { RefundDetailsRow } from './refund-details.entity';
import { refundDetailsProjection } from './refund-details.projection';
import { getRefundDetails } from './refund-details.query';

const spec = ProjectionSpecification.forStreams(refundDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: REFUND_STREAM,
  metadata: METADATA,
  read: getRefundDetails,
});
const { stream: refund, detailsOf } = spec;

/** The row of a normal refund of 50,000 just created, at version 1. */
function pendingRow(id: string, overrides: Partial<RefundDetailsRow> = {}): RefundDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    paymentId: PAYMENT_ID,
    amount: 50_000,
    currency: 'INR',
    status: 'pending',
    speedRequested: 'normal',
    speedProcessed: null,
    notes: {},
    receipt: null,
    arn: null,
    automatic: false,
    ...overrides,
  };
}

spec.describe('refund details projection', () => {
  it('shows a refund just created as pending, with its terms', () =>
    spec
      .given(
        ...refund(
          'rfnd_Pending000001',
          refundCreated({ amount: 20_000, receipt: 'rcpt_7', notes: { reason: 'size' } }),
        ),
      )
      .then(
        detailsOf('rfnd_Pending000001'),
        pendingRow('rfnd_Pending000001', {
          amount: 20_000,
          receipt: 'rcpt_7',
          notes: { reason: 'size' },
        }),
      ));

  it('shows an automatic refund as automatic', () =>
    spec
      .given(...refund('rfnd_Automatic0001', refundCreated({ automatic: true })))
      .then(
        detailsOf('rfnd_Automatic0001'),
        pendingRow('rfnd_Automatic0001', { automatic: true }),
      ));

  it('shows a processed refund with its speed and ARN', () =>
    spec
      .given(
        ...refund(
          'rfnd_Processed0001',
          refundCreated({ speedRequested: 'optimum' }),
          refundProcessed(NOW, 'instant'),
        ),
      )
      .then(
        detailsOf('rfnd_Processed0001'),
        pendingRow('rfnd_Processed0001', {
          version: 2,
          status: 'processed',
          speedRequested: 'optimum',
          speedProcessed: 'instant',
          arn: ARN,
        }),
      ));

  it('shows the notes as last edited', () =>
    spec
      .given(...refund('rfnd_NotesEdited01', refundCreated(), refundNotesEdited({ ticket: 12 })))
      .then(
        detailsOf('rfnd_NotesEdited01'),
        pendingRow('rfnd_NotesEdited01', { version: 2, notes: { ticket: 12 } }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...refund(
          'rfnd_Replayed00001',
          refundCreated(),
          refundNotesEdited({ ticket: 12 }),
          refundProcessed(NORMAL_DUE),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('rfnd_Replayed00001'),
        pendingRow('rfnd_Replayed00001', {
          version: 3,
          notes: { ticket: 12 },
          status: 'processed',
          speedProcessed: 'normal',
          arn: ARN,
        }),
      ));

  it('shows the refund to no other account or mode', async () => {
    await spec
      .given(...refund('rfnd_OtherTenant01', refundCreated()))
      .then(detailsOf('rfnd_OtherTenant01'), pendingRow('rfnd_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getRefundDetails(db, other, 'rfnd_OtherTenant01'), null);
  });
});
