import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Topics } from '@platform/contracts';
import type { PaymentCapturedEvent, PaymentEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import { ContextHeaders } from '@platform/http';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { admin, startGatewayBeforeSettlements } from './gateway-calls';
import { startSettlementsService } from './settlements-upstream';
import type { SettlementsService } from './settlements-upstream';

const UNKNOWN_ACCOUNT = 'acc_00000000000000';

describe('the admin API’s ledger and settlement settings, forwarded to the settlements service', () => {
  let broker: RunningBroker;
  let settlements: SettlementsService;
  let gateway: ServiceUnderTest;

  const newAccount = async () =>
    (await admin(gateway, 'POST', '/admin/v1/accounts', { name: 'Acme Settlements' })).body[
      'id'
    ] as string;

  /** What settlements itself answers the gateway's internal call with. */
  const internal = async (accountId: string, mode: 'test' | 'live', path: string) => {
    const response = await fetch(`${settlements.url}${path}`, {
      headers: {
        [ContextHeaders.internalToken]: TEST_INTERNAL_TOKEN,
        [ContextHeaders.accountId]: accountId,
        [ContextHeaders.mode]: mode,
      },
    });
    return (await response.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    broker = await startTestBroker();
    settlements = await startSettlementsService(broker);
    gateway = await startGatewayBeforeSettlements(broker, settlements.url);
  });

  afterAll(async () => {
    await gateway?.close();
    await settlements?.close();
    await broker?.stop();
  });

  describe('ledger', () => {
    it('answers with the account’s ledger in the mode asked, as settlements computes it', async () => {
      const accountId = await newAccount();
      await publishCapture(broker, accountId, { amount: 50000, fee: 1180, tax: 180 });
      const ledger = await waitFor(async () => {
        const response = await admin(
          gateway,
          'GET',
          `/admin/v1/accounts/${accountId}/ledger?mode=test`,
        );
        return (response.body['currencies'] as unknown[] | undefined)?.length ? response : null;
      }, 'the capture to reach the ledger');
      expect(ledger).toMatchObject({
        status: 200,
        body: {
          account_id: accountId,
          mode: 'test',
          invariant: 'captured = fees + tax + refunds + adjustments + settled + on_hold + balance',
          balanced: true,
          currencies: [
            {
              currency: 'INR',
              captured: 50000,
              fees: 1000,
              tax: 180,
              balance: 48820,
              balanced: true,
            },
          ],
        },
      });
      expect(ledger.body).toEqual(await internal(accountId, 'test', '/internal/ledger'));
      expect(
        await admin(gateway, 'GET', `/admin/v1/accounts/${accountId}/ledger?mode=live`),
      ).toMatchObject({ status: 200, body: { mode: 'live', balanced: true, currencies: [] } });
    });
  });

  describe('settlement settings', () => {
    it('reads and changes them per mode', async () => {
      const accountId = await newAccount();
      const settings = (mode: string) =>
        admin(gateway, 'GET', `/admin/v1/accounts/${accountId}/settlement_settings?mode=${mode}`);
      expect(await settings('test')).toEqual({
        status: 200,
        body: {
          entity: 'settlement_settings',
          account_id: accountId,
          mode: 'test',
          settlement_delay_days: 2,
          bank_transfers_fail: false,
        },
      });
      const changed = await admin(
        gateway,
        'PATCH',
        `/admin/v1/accounts/${accountId}/settlement_settings`,
        { mode: 'test', settlement_delay_days: 0, bank_transfers_fail: true },
      );
      expect(changed).toEqual({
        status: 200,
        body: {
          entity: 'settlement_settings',
          account_id: accountId,
          mode: 'test',
          settlement_delay_days: 0,
          bank_transfers_fail: true,
        },
      });
      expect((await settings('test')).body).toEqual(changed.body);
      expect((await settings('test')).body).toEqual(
        await internal(accountId, 'test', '/internal/settlement-settings'),
      );
      expect((await settings('live')).body).toMatchObject({
        mode: 'live',
        settlement_delay_days: 2,
        bank_transfers_fail: false,
      });
      expect(
        await admin(gateway, 'PATCH', `/admin/v1/accounts/${accountId}/settlement_settings`, {
          mode: 'live',
          settlement_delay_days: 7,
        }),
      ).toMatchObject({
        status: 200,
        body: { mode: 'live', settlement_delay_days: 7, bank_transfers_fail: false },
      });
      expect((await settings('test')).body).toMatchObject({
        settlement_delay_days: 0,
        bank_transfers_fail: true,
      });
    });

    it.each([
      [
        { mode: 'test', settlement_delay_days: 31 },
        'settlement_delay_days',
        'The settlement_delay_days must be an integer from 0 to 30.',
      ],
      [
        { mode: 'test', bank_transfers_fail: 'yes' },
        'bank_transfers_fail',
        'The bank_transfers_fail must be true or false.',
      ],
      [
        { mode: 'test', settlement_cycle: 'daily' },
        'settlement_cycle',
        'settlement_cycle is/are not required and should not be sent',
      ],
    ])(
      'passes settlements’ refusal of %j through: 400 naming %s',
      async (body, field, description) => {
        const accountId = await newAccount();
        expect(
          await admin(
            gateway,
            'PATCH',
            `/admin/v1/accounts/${accountId}/settlement_settings`,
            body,
          ),
        ).toEqual({
          status: 400,
          body: {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description,
              field,
              source: expect.any(String),
              step: expect.any(String),
              reason: expect.any(String),
              metadata: expect.any(Object),
            },
          },
        });
      },
    );

    it('passes settlements’ refusal of failing bank transfers in live mode through', async () => {
      const accountId = await newAccount();
      expect(
        await admin(gateway, 'PATCH', `/admin/v1/accounts/${accountId}/settlement_settings`, {
          mode: 'live',
          bank_transfers_fail: true,
        }),
      ).toMatchObject({
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', field: 'bank_transfers_fail' } },
      });
      expect(
        (
          await admin(
            gateway,
            'GET',
            `/admin/v1/accounts/${accountId}/settlement_settings?mode=live`,
          )
        ).body,
      ).toMatchObject({ bank_transfers_fail: false });
    });
  });

  describe('refusals of the gateway’s own', () => {
    it.each([
      ['GET', 'ledger?mode=test', undefined],
      ['GET', 'settlement_settings?mode=live', undefined],
      ['PATCH', 'settlement_settings', { mode: 'test', settlement_delay_days: 1 }],
    ] as const)(
      'answers %s %s of an unknown account with 400 "The id provided does not exist"',
      async (method, path, body) => {
        expect(
          await admin(gateway, method, `/admin/v1/accounts/${UNKNOWN_ACCOUNT}/${path}`, body),
        ).toMatchObject({
          status: 400,
          body: {
            error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
          },
        });
      },
    );

    it.each([
      ['GET', 'ledger', undefined],
      ['GET', 'ledger?mode=staging', undefined],
      ['GET', 'settlement_settings', undefined],
      ['PATCH', 'settlement_settings', { settlement_delay_days: 1 }],
      ['PATCH', 'settlement_settings', { mode: 'prod' }],
    ] as const)('answers %s %s %j with 400 naming mode', async (method, path, body) => {
      const accountId = await newAccount();
      expect(
        await admin(gateway, method, `/admin/v1/accounts/${accountId}/${path}`, body),
      ).toMatchObject({
        status: 400,
        body: { error: { field: 'mode', description: 'The mode must be test or live.' } },
      });
    });

    it.each([
      ['GET', 'ledger?mode=test'],
      ['GET', 'settlement_settings?mode=test'],
      ['PATCH', 'settlement_settings'],
    ] as const)(
      'answers %s %s without the admin token with 401 in the envelope',
      async (method, path) => {
        const accountId = await newAccount();
        const response = await gateway.app.inject({
          method,
          url: `/admin/v1/accounts/${accountId}/${path}`,
          ...(method === 'PATCH' ? { payload: { mode: 'test', settlement_delay_days: 9 } } : {}),
        });
        expect(response.statusCode).toBe(401);
        expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
        expect(
          (
            await admin(
              gateway,
              'GET',
              `/admin/v1/accounts/${accountId}/settlement_settings?mode=test`,
            )
          ).body,
        ).toMatchObject({ settlement_delay_days: 2 });
      },
    );
  });
});

/** A captured payment as payments publishes it on its topic (keyed by payment id). */
async function publishCapture(
  broker: RunningBroker,
  accountId: string,
  figures: { amount: number; fee: number; tax: number },
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const payment: PaymentEntity = {
    id: newId('pay'),
    entity: 'payment',
    currency: 'INR',
    status: 'captured',
    order_id: null,
    invoice_id: null,
    terminal_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: 'gaurav@upi',
    email: null,
    contact: null,
    customer_id: null,
    notes: {},
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: {},
    created_at: now,
    ...figures,
  };
  const event: PaymentCapturedEvent = {
    id: randomUUID(),
    type: 'payment.captured',
    schema_version: 1,
    account_id: accountId,
    mode: 'test',
    stream_id: payment.id,
    stream_version: 2,
    occurred_at: now,
    correlation_id: null,
    causation_id: null,
    data: { payment, order: null },
  };
  const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    await producer.send({
      topic: Topics.paymentsPayment,
      messages: [{ key: payment.id, value: JSON.stringify(event) }],
    });
  } finally {
    await producer.disconnect();
  }
}
