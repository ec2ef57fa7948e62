import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { DISPUTE_STREAM } from '../dispute.decider';
import {
  AMOUNT,
  DOCUMENT_ID,
  LATER,
  METADATA,
  NOW,
  PAYMENT_ID,
  RESPOND_BY,
  SUMMARY,
  disputeClosed,
  disputeEvidenceSaved,
  disputeEvidenceSubmitted,
  disputeLost,
  disputeRaised,
  disputeWon,
  evidence,
  GATEWAY_DISPUTE_ID,
} from '../dispute.fixtures';
import type { DisputeDetailsRow } from './dispute-details.entity';
import { disputeDetailsProjection } from './dispute-details.projection';
import { getDisputeDetails } from './dispute-details.query';

const spec = ProjectionSpecification.forStreams(disputeDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: DISPUTE_STREAM,
  metadata: METADATA,
  read: getDisputeDetails,
});
const { stream: dispute, detailsOf } = spec;

/** The row of a chargeback of 50,000 just raised, at version 1. */
function openRow(id: string, overrides: Partial<DisputeDetailsRow> = {}): DisputeDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    paymentId: PAYMENT_ID,
    amount: AMOUNT,
    currency: 'INR',
    amountDeducted: 0,
    reasonCode: 'product_not_received',
    gatewayDisputeId: GATEWAY_DISPUTE_ID,
    respondBy: RESPOND_BY / 1000,
    status: 'open',
    phase: 'chargeback',
    evidence: evidence(),
    submittedAt: null,
    ...overrides,
  };
}

spec.describe('dispute details projection', () => {
  it('shows a dispute just raised as open, with no evidence and its respond-by in seconds', () =>
    spec
      .given(...dispute('disp_Raised0000001', disputeRaised()))
      .then(detailsOf('disp_Raised0000001'), openRow('disp_Raised0000001')));

  it('shows no bank case number for a dispute raised before it was kept', () =>
    spec
      .given(...dispute('disp_NoCaseNumber01', disputeRaised({ gatewayDisputeId: undefined })))
      .then(
        detailsOf('disp_NoCaseNumber01'),
        openRow('disp_NoCaseNumber01', { gatewayDisputeId: null }),
      ));

  it('shows the evidence saved as a draft, still open', () =>
    spec
      .given(
        ...dispute(
          'disp_Draft00000001',
          disputeRaised(),
          disputeEvidenceSaved({ summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
        ),
      )
      .then(
        detailsOf('disp_Draft00000001'),
        openRow('disp_Draft00000001', {
          version: 2,
          evidence: evidence({ summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
        }),
      ));

  it('shows a submitted contest as under review, with its evidence and when it was submitted', () =>
    spec
      .given(
        ...dispute(
          'disp_Submitted0001',
          disputeRaised(),
          disputeEvidenceSubmitted({ summary: SUMMARY }),
        ),
      )
      .then(
        detailsOf('disp_Submitted0001'),
        openRow('disp_Submitted0001', {
          version: 2,
          status: 'under_review',
          evidence: evidence({ amount: AMOUNT, summary: SUMMARY }),
          submittedAt: LATER / 1000,
        }),
      ));

  it('shows a won dispute as won, nothing deducted', () =>
    spec
      .given(
        ...dispute('disp_Won0000000001', disputeRaised(), disputeEvidenceSubmitted(), disputeWon()),
      )
      .then(
        detailsOf('disp_Won0000000001'),
        openRow('disp_Won0000000001', {
          version: 3,
          status: 'won',
          evidence: evidence({ amount: AMOUNT }),
          submittedAt: LATER / 1000,
        }),
      ));

  it('shows a lost dispute with the amount deducted', () =>
    spec
      .given(
        ...dispute('disp_Lost000000001', disputeRaised(), disputeLost('accepted', LATER, 30_000)),
      )
      .then(
        detailsOf('disp_Lost000000001'),
        openRow('disp_Lost000000001', { version: 2, status: 'lost', amountDeducted: 30_000 }),
      ));

  it('shows a closed dispute as closed', () =>
    spec
      .given(
        ...dispute(
          'disp_Closed0000001',
          disputeRaised({ phase: 'pre_arbitration' }),
          disputeClosed(),
        ),
      )
      .then(
        detailsOf('disp_Closed0000001'),
        openRow('disp_Closed0000001', { version: 2, status: 'closed', phase: 'pre_arbitration' }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...dispute(
          'disp_Replayed00001',
          disputeRaised(),
          disputeEvidenceSaved({ summary: SUMMARY }),
          disputeLost('unanswered', RESPOND_BY),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('disp_Replayed00001'),
        openRow('disp_Replayed00001', {
          version: 3,
          status: 'lost',
          amountDeducted: AMOUNT,
          evidence: evidence({ summary: SUMMARY }),
        }),
      ));

  it('shows the dispute to no other account or mode', async () => {
    await spec
      .given(...dispute('disp_OtherTenant01', disputeRaised()))
      .then(detailsOf('disp_OtherTenant01'), openRow('disp_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getDisputeDetails(db, other, 'disp_OtherTenant01'), null);
  });
});
