import { randomUUID } from 'node:crypto';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  asCaller,
  newTestCaller,
  startServiceUnderTest,
  TEST_INTERNAL_TOKEN,
} from '@platform/service-testing';
import type { CallResult, ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { PaymentsConfig } from '../src/payments.config';
import { paymentsApp } from '../src/payments-app';

export const VISA = {
  number: '4111111111111111',
  name: 'Gaurav Kumar',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};
export const DECLINED_CARD = { ...VISA, number: '4000000000000002' };

/** A fresh test-mode account per test, so lists and clocks start empty. */
export const newAccount = newTestCaller;

/** Settlements does not run in these tests: a port nothing listens on, so asking it fails at once. */
export const UNREACHABLE_SETTLEMENTS_URL = 'http://127.0.0.1:1';

/**
 * Nor does billing: by default a quiet owner answers for it (no events beyond the broker's, no
 * entity: see startQuietOwner); a test gives a stub answering as billing would (billing-stub), or this
 * port nothing listens on to see payments when billing cannot be asked.
 */
export const UNREACHABLE_BILLING_URL = 'http://127.0.0.1:1';

/** `env`: more of the service's environment (an SMTP server, the public base URL). */
export function startPayments(
  broker?: RunningBroker,
  billingUrl?: string,
  env: Record<string, string> = {},
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'payments',
    configSchema: PaymentsConfig,
    serviceApp: paymentsApp,
    broker,
    env: {
      SETTLEMENTS_URL: UNREACHABLE_SETTLEMENTS_URL,
      ...(billingUrl === undefined ? {} : { BILLING_URL: billingUrl }),
      ...env,
    },
  });
}

/** Calls the service as the gateway forwards a request, optionally with the account's test clock offset. */
export function as(service: ServiceUnderTest, caller: TestCaller, clockOffsetSeconds = 0) {
  const api = asCaller(service, caller, clockOffsetSeconds);
  const { call } = api;
  return {
    ...api,
    async order(body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const { status, body: order } = await call({
        method: 'POST',
        url: '/v1/orders',
        body: { amount: 50000, currency: 'INR', ...body },
      });
      if (status !== 200) throw new Error(`order not created: ${JSON.stringify(order)}`);
      return order;
    },
    /** Pays the order through the simulator with the Visa test card (or what `body` says). */
    pay: (orderId: unknown, body: Record<string, unknown> = {}) =>
      call({
        method: 'POST',
        url: '/v1/simulator/payments',
        body: { order_id: orderId, method: 'card', card: VISA, ...body },
      }),
    /** An authorized payment of an order of `amount`; returns its id. */
    async authorized(amount = 50000, orderBody: Record<string, unknown> = {}): Promise<string> {
      const order = await this.order({ amount, ...orderBody });
      const { status, body } = await this.pay(order['id']);
      if (status !== 200) throw new Error(`payment failed: ${JSON.stringify(body)}`);
      return body['razorpay_payment_id'] as string;
    },
    /** A captured payment of `amount`; returns its id. */
    async captured(amount = 50000): Promise<string> {
      const id = await this.authorized(amount);
      const { status, body } = await call({
        method: 'POST',
        url: `/v1/payments/${id}/capture`,
        body: { amount, currency: 'INR' },
      });
      if (status !== 200) throw new Error(`capture failed: ${JSON.stringify(body)}`);
      return id;
    },
  };
}

export { advanceTestClock, refusal } from '@platform/service-testing';

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(2048, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf50000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);

/** A multipart/form-data body as the SDK's documents.create sends it: a `file` part and text fields. */
export function multipart(
  file: { name: string; bytes: Buffer; contentType?: string } | null,
  fields: Record<string, string> = { purpose: 'dispute_evidence' },
) {
  const boundary = `----platform${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /v1/documents as the gateway forwards it, with a raw multipart body. */
export async function uploadDocument(
  service: ServiceUnderTest,
  caller: TestCaller,
  body: { payload: Buffer; contentType: string },
): Promise<CallResult> {
  const response = await service.app.inject({
    method: 'POST',
    url: '/v1/documents',
    headers: {
      'content-type': body.contentType,
      'x-internal-token': TEST_INTERNAL_TOKEN,
      'x-account-id': caller.accountId,
      'x-mode': caller.mode,
    },
    payload: body.payload,
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
  };
}
