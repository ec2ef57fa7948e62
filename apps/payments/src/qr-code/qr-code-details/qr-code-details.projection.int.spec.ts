import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { QR_CODE_STREAM } from '../qr-code.decider';
import {
  EARLIEST_CLOSE_BY,
  LATER,
  METADATA,
  NOW,
  PAYMENT_AMOUNT,
  SECOND_PAYMENT_ID,
  qrCodeClosed,
  qrCodeCreated,
  qrCodeCredited,
  singleUseTerms,
  terms,
} from '../qr-code.fixtures';
import type { QrCodeDetailsRow } from './qr-code-details.entity';
import { qrCodeDetailsProjection } from './qr-code-details.projection';
import { getQrCodeDetails } from './qr-code-details.query';

const spec = ProjectionSpecification.forStreams(qrCodeDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: QR_CODE_STREAM,
  metadata: METADATA,
  read: getQrCodeDetails,
});
const { stream: qrCode, detailsOf } = spec;

/** The row of a multiple-use UPI code for any amount just created, at version 1. */
function activeRow(id: string, overrides: Partial<QrCodeDetailsRow> = {}): QrCodeDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    ...terms(),
    status: 'active',
    closedAt: null,
    closeReason: null,
    paymentsAmountReceived: 0,
    paymentsCountReceived: 0,
    ...overrides,
  };
}

spec.describe('QR code details projection', () => {
  it('shows a code just created as active, with its terms and nothing received', () =>
    spec
      .given(
        ...qrCode(
          'qr_Created00000001',
          qrCodeCreated(singleUseTerms({ closeBy: EARLIEST_CLOSE_BY, customerId: 'cust_A1' })),
        ),
      )
      .then(
        detailsOf('qr_Created00000001'),
        activeRow('qr_Created00000001', {
          usage: 'single_use',
          fixedAmount: true,
          paymentAmount: PAYMENT_AMOUNT,
          closeBy: EARLIEST_CLOSE_BY,
          customerId: 'cust_A1',
        }),
      ));

  it('adds up the amount and count of the payments received', () =>
    spec
      .given(
        ...qrCode(
          'qr_Credited0000001',
          qrCodeCreated(),
          qrCodeCredited(),
          qrCodeCredited(SECOND_PAYMENT_ID, 12_500),
        ),
      )
      .then(
        detailsOf('qr_Credited0000001'),
        activeRow('qr_Credited0000001', {
          version: 3,
          paymentsAmountReceived: PAYMENT_AMOUNT + 12_500,
          paymentsCountReceived: 2,
        }),
      ));

  it('shows a code closed on demand as closed, with when and why', () =>
    spec.given(...qrCode('qr_Closed000000001', qrCodeCreated(), qrCodeClosed())).then(
      detailsOf('qr_Closed000000001'),
      activeRow('qr_Closed000000001', {
        version: 2,
        status: 'closed',
        closedAt: LATER / 1000,
        closeReason: 'on_demand',
      }),
    ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...qrCode(
          'qr_Replayed0000001',
          qrCodeCreated(singleUseTerms()),
          qrCodeCredited(),
          qrCodeClosed('paid'),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('qr_Replayed0000001'),
        activeRow('qr_Replayed0000001', {
          version: 3,
          usage: 'single_use',
          fixedAmount: true,
          paymentAmount: PAYMENT_AMOUNT,
          paymentsAmountReceived: PAYMENT_AMOUNT,
          paymentsCountReceived: 1,
          status: 'closed',
          closedAt: LATER / 1000,
          closeReason: 'paid',
        }),
      ));

  it('shows the code to no other account or mode', async () => {
    await spec
      .given(...qrCode('qr_OtherTenant0001', qrCodeCreated()))
      .then(detailsOf('qr_OtherTenant0001'), activeRow('qr_OtherTenant0001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getQrCodeDetails(db, other, 'qr_OtherTenant0001'), null);
  });
});
