import type { DisputeEntity, OrderEntity, PaymentEntity, RefundEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  asCaller,
  callerEvent,
  eventProducer,
  newTestCaller,
  queryServiceDatabase,
  startServiceUnderTest,
  startTestBroker,
} from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { SettlementsConfig } from '../src/settlements.config';
import { settlementsApp } from '../src/settlements-app';

export const DAY = 24 * 3600;

/** A fresh test-mode account per test, so its ledger starts empty. */
export const newAccount = newTestCaller;

export function startSettlements(
  broker?: RunningBroker,
  databaseUrl?: string,
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'settlements',
    configSchema: SettlementsConfig,
    serviceApp: settlementsApp,
    broker,
    databaseUrl,
  });
}

/** The API as the gateway forwards it, on the account's test clock. */
export const as = asCaller;

/** A SQL query on the service's own database. */
export const query = queryServiceDatabase;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A payment as payments publishes it: 2% fee plus 18% GST on it, as payments charges. */
export function paymentEntity(
  overrides: Partial<PaymentEntity> & { amount: number },
): PaymentEntity {
  const commission = Math.round(overrides.amount * 0.02);
  const tax = Math.round(commission * 0.18);
  return {
    id: newId('pay'),
    entity: 'payment',
    currency: 'INR',
    status: 'captured',
    order_id: null,
    invoice_id: null,
    terminal_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: 'Test payment',
    card_id: 'card_1',
    card: {
      id: 'card_1',
      entity: 'card',
      name: 'Gaurav',
      last4: '1111',
      network: 'Visa',
      type: 'credit',
      issuer: 'HDFC',
      international: false,
      emi: false,
      sub_type: 'customer',
      token_iin: null,
    },
    bank: null,
    wallet: null,
    vpa: null,
    email: null,
    contact: null,
    customer_id: null,
    notes: {},
    fee: commission + tax,
    tax,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: {},
    created_at: nowSeconds(),
    ...overrides,
  };
}

export const captured = (
  caller: TestCaller,
  payment: PaymentEntity,
  order: OrderEntity | null = null,
  at = nowSeconds(),
) => callerEvent(caller, 'payment.captured', payment.id, { payment, order }, at);

export function refundCreated(
  caller: TestCaller,
  payment: PaymentEntity,
  amount: number,
  at = nowSeconds(),
) {
  const refund: RefundEntity = {
    id: newId('rfnd'),
    entity: 'refund',
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: { reason: 'test' },
    receipt: null,
    acquirer_data: { arn: null },
    created_at: at,
    batch_id: null,
    status: 'pending',
    speed_requested: 'normal',
    speed_processed: null,
  };
  return callerEvent(
    caller,
    'refund.created',
    refund.id,
    { refund, payment: { ...payment, amount_refunded: payment.amount_refunded + amount } },
    at,
  );
}

export function disputeEvent(
  caller: TestCaller,
  type:
    'dispute.created' | 'dispute.won' | 'dispute.lost' | 'dispute.closed' | 'dispute.under_review',
  dispute: Pick<DisputeEntity, 'id' | 'payment_id' | 'amount'> & Partial<DisputeEntity>,
  at = nowSeconds(),
) {
  const entity = {
    entity: 'dispute',
    currency: 'INR',
    amount_deducted: 0,
    reason_code: 'chargeback',
    reason_description: 'x',
    respond_by: at + 7 * DAY,
    status: 'open',
    phase: 'chargeback',
    created_at: at,
    evidence: {},
    ...dispute,
  } as DisputeEntity;
  return callerEvent(caller, type, dispute.id, { dispute: entity }, at);
}

const TOPICS: Record<string, string> = {
  payment: 'payments.payment',
  refund: 'payments.refund',
  dispute: 'payments.dispute',
};

/** Publishes payments' events as payments' relay does (keyed by entity id). */
export const producerFor = (broker: RunningBroker) => eventProducer(broker, TOPICS);

export type EventProducer = Awaited<ReturnType<typeof producerFor>>;

/** The settlements service on a broker of its own, and a producer of payments' events on it. */
export interface SettlementsUnderTest {
  broker: RunningBroker;
  settlements: ServiceUnderTest;
  producer: EventProducer;
}

export async function startWithBroker(): Promise<SettlementsUnderTest> {
  const broker = await startTestBroker();
  const settlements = await startSettlements(broker);
  return { broker, settlements, producer: await producerFor(broker) };
}

export async function stopAll({
  broker,
  settlements,
  producer,
}: SettlementsUnderTest): Promise<void> {
  await producer.disconnect();
  await settlements.close();
  await broker.stop();
}

export { advanceTestClock, refusal } from '@platform/service-testing';

/** Rows of a table (with its WHERE), counted. */
export const countRows = async (
  settlements: ServiceUnderTest,
  text: string,
  values: unknown[],
): Promise<number> =>
  (await query<{ n: number }>(settlements, `SELECT count(*)::int AS n FROM ${text}`, values))[0].n;

/** What a posting leaves behind for its payment or refund id: its event, its ledger transaction, that one's entries. */
export const postingTraces = async (settlements: ServiceUnderTest, id: string) => ({
  events: await countRows(settlements, 'events WHERE stream_id = $1', [id]),
  transactions: await countRows(settlements, 'ledger_transactions WHERE id = $1', [id]),
  entries: await countRows(settlements, 'ledger_entries WHERE ledger_transaction_id = $1', [id]),
});
