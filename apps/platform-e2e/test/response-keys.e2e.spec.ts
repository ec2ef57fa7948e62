import { createReadStream, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUSTOMER, DAY, pdf, VISA } from './support/fixtures';
import { call, newAccount, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';
import { webhookReceiver } from './support/webhook-receiver';

/**
 * Every key the official SDKs' response fixtures show (razorpay-fixtures/*.keys.json, one file per
 * entity kind) is in what the gateway answers, with a JSON type Razorpay sends for it. Extra keys of
 * ours are fine: integrators only break on what is missing.
 */

type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
interface KeySet {
  comment: string;
  /** Dotted paths; `name[]` steps into every element of an array. */
  keys: Record<string, JsonType[]>;
  /** Keys of the fixtures we do not send, each with why. */
  omitted?: Record<string, string>;
}
type Row = Record<string, unknown>;
type Rzp = ReturnType<typeof sdk>;

const FIXTURES = join(__dirname, 'razorpay-fixtures');
const KINDS = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.keys.json'))
  .map((file) => file.replace(/\.keys\.json$/, ''))
  .sort();

const keySet = (kind: string): KeySet =>
  JSON.parse(readFileSync(join(FIXTURES, `${kind}.keys.json`), 'utf8')) as KeySet;

const jsonType = (value: unknown): JsonType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : (typeof value as 'string' | 'number' | 'boolean' | 'object');

/** The values at a path (several under `[]`), or why there are none. */
function valuesAt(root: unknown, path: string): unknown[] | string {
  let values = [root];
  for (const step of path.split('.')) {
    const name = step.replace(/\[\]$/, '');
    const next: unknown[] = [];
    for (const value of values) {
      if (jsonType(value) !== 'object' || !(name in (value as Row))) return 'missing';
      const found = (value as Row)[name];
      if (!step.endsWith('[]')) next.push(found);
      else if (Array.isArray(found) && found.length > 0) next.push(...found);
      else return `no element to check (${JSON.stringify(found)})`;
    }
    values = next;
  }
  return values;
}

/**
 * What Razorpay's fixture has that `entity` has not, one line per key. A key whose fixtures only
 * ever show null may carry any type; a missing key's own keys are not listed again.
 */
function problemsOf(kind: string, entity: unknown): string[] {
  const problems: string[] = [];
  const reported: string[] = [];
  for (const [path, types] of Object.entries(keySet(kind).keys)) {
    if (reported.some((parent) => path.startsWith(`${parent}.`) || path.startsWith(`${parent}[]`)))
      continue;
    const values = valuesAt(entity, path);
    if (typeof values === 'string') {
      problems.push(`${path}: ${values}`);
      reported.push(path);
      continue;
    }
    const anyType = types.length === 1 && types[0] === 'null';
    for (const value of values)
      if (!anyType && !types.includes(jsonType(value)))
        problems.push(`${path}: ${jsonType(value)}, Razorpay sends ${types.join(' | ')}`);
  }
  return [...new Set(problems)];
}

/** Passes when `entity` has every key of the kind's fixtures; fails listing the missing ones. */
function expectKeysOf(kind: string, entity: unknown): void {
  expect({ kind, problems: problemsOf(kind, entity) }).toEqual({ kind, problems: [] });
}

/** A captured card payment of an order, through the simulator; returns the payment's id. */
async function capturedPayment(rzp: Rzp, key: KeyPair, amount: number): Promise<string> {
  const order = await rzp.orders.create({ amount, currency: 'INR', receipt: `keys-${amount}` });
  const paid = await call(key, 'POST', '/v1/simulator/payments', {
    order_id: order.id,
    method: 'card',
    card: VISA,
    email: CUSTOMER.email,
    contact: CUSTOMER.contact,
  });
  if (paid.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(paid.body)}`);
  const paymentId = paid.body['razorpay_payment_id'] as string;
  await rzp.payments.capture(paymentId, amount, 'INR');
  return paymentId;
}

async function uploadedDocument(rzp: Rzp): Promise<{ id: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-keys-')), 'receipt.pdf');
  writeFileSync(file, pdf(1024));
  return rzp.documents.create({
    file: {
      value: createReadStream(file) as never,
      options: { filename: 'receipt.pdf', contentType: 'application/pdf' },
    },
    purpose: 'dispute_evidence',
  });
}

describe('responses carry every key of the official SDKs’ fixtures', () => {
  let merchant: PlatformAccount;
  let rzp: Rzp;
  beforeAll(async () => {
    merchant = await newAccount('Response Keys E2E');
    rzp = sdk(merchant.test);
  });

  // A kind added to the test data needs a maker below: this list names the kinds the makers check.
  it('reads every kind of fixture the test data holds', () => {
    expect(KINDS).toEqual([
      'addon',
      'card',
      'customer',
      'dispute',
      'document',
      'invoice',
      'item',
      'order',
      'payment',
      'payment_link',
      'plan',
      'qr_code',
      'refund',
      'settlement',
      'settlement_ondemand',
      'settlement_recon',
      'subscription',
      'webhook',
      'webhook_event',
    ]);
    for (const kind of KINDS) expect(keySet(kind).comment).toMatch(/razorpay-(python|node)/);
  });

  it('lists what it misses readably', () => {
    expect(
      problemsOf('dispute', { id: 'disp_1', evidence: { summary: 1, others: [] } }).slice(0, 4),
    ).toEqual([
      'amount: missing',
      'amount_deducted: missing',
      'comments: missing',
      'created_at: missing',
    ]);
    expect(problemsOf('dispute', { evidence: { summary: 1, others: [] } })).toEqual(
      expect.arrayContaining([
        'evidence.summary: number, Razorpay sends string | null',
        'evidence.others[].document_ids: no element to check ([])',
      ]),
    );
  });

  it('an order', async () => {
    const order = await rzp.orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: 'keys-order',
      notes: { purpose: 'keys' },
    });
    expectKeysOf('order', await rzp.orders.fetch(order.id));
  });

  it('a payment and its card', async () => {
    const paymentId = await capturedPayment(rzp, merchant.test, 42000);
    expectKeysOf('payment', await rzp.payments.fetch(paymentId));
    expectKeysOf('card', await rzp.payments.fetchCardDetails(paymentId));
  });

  it('a refund', async () => {
    const paymentId = await capturedPayment(rzp, merchant.test, 30000);
    const refund = await rzp.payments.refund(paymentId, {
      amount: 10000,
      speed: 'optimum',
      receipt: 'keys-refund',
      notes: { reason: 'keys' },
    });
    const processed = await until(async () => {
      const fetched = await rzp.refunds.fetch(refund.id);
      return fetched.status === 'processed' ? fetched : null;
    }, 'the instant refund to be processed');
    expectKeysOf('refund', processed);
  });

  it('a customer', async () => {
    const customer = await rzp.customers.create({
      ...CUSTOMER,
      email: `keys.${Date.now()}@example.com`,
      gstin: '29ABCDE1234F1Z5',
      notes: { tier: 'gold' },
    });
    expectKeysOf('customer', await rzp.customers.fetch(customer.id));
  });

  it('an item', async () => {
    const item = await rzp.items.create({
      name: 'Keys item',
      description: 'An item',
      amount: 20000,
      currency: 'INR',
    });
    expectKeysOf('item', await rzp.items.fetch(item.id));
  });

  it('a plan, a subscription and its add-on', async () => {
    const plan = await rzp.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Keys plan', amount: 49900, currency: 'INR' },
      notes: { tier: 'silver' },
    });
    expectKeysOf('plan', await rzp.plans.fetch(plan.id));
    const subscription = await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 6,
      quantity: 1,
      start_at: Math.floor(Date.now() / 1000) + 7 * DAY,
      notes: { ref: 'keys' },
    });
    expectKeysOf('subscription', await rzp.subscriptions.fetch(subscription.id));
    const addon = await rzp.subscriptions.createAddon(subscription.id, {
      item: { name: 'Keys add-on', amount: 3000, currency: 'INR' },
      quantity: 2,
    });
    expectKeysOf('addon', await rzp.addons.fetch(addon.id));
  });

  it('an invoice', async () => {
    const invoice = await rzp.invoices.create({
      type: 'invoice',
      description: 'Keys invoice',
      customer: {
        ...CUSTOMER,
        billing_address: {
          line1: '12 MG Road',
          zipcode: '560001',
          city: 'Bengaluru',
          state: 'Karnataka',
          country: 'in',
        },
      },
      line_items: [{ name: 'Keys line', amount: 25000, currency: 'INR', quantity: 2 }],
      sms_notify: 0,
      email_notify: 0,
    } as never);
    expectKeysOf('invoice', await rzp.invoices.fetch(invoice.id));
  });

  it('a QR code, and its payment naming the code’s customer', async () => {
    const customer = await rzp.customers.create({
      name: 'Qr Keys',
      email: `qr.keys.${Date.now()}@example.com`,
    });
    const code = await rzp.qrCode.create({
      type: 'upi_qr',
      usage: 'single_use',
      name: 'Keys counter',
      description: 'Keys QR',
      fixed_amount: true,
      payment_amount: 30000,
      customer_id: customer.id,
      close_by: Math.floor(Date.now() / 1000) + DAY,
      notes: { counter: '1' },
    });
    const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
      qr_code_id: code.id,
      method: 'upi',
      vpa: 'success@razorpay',
      email: CUSTOMER.email,
      contact: CUSTOMER.contact,
    });
    expect(paid.status).toBe(200);
    expectKeysOf('qr_code', await rzp.qrCode.fetch(code.id));
    const [payment] = (await rzp.qrCode.fetchAllPayments(code.id)).items;
    expectKeysOf('payment', payment);
    expect(payment).toMatchObject({ customer_id: customer.id });
  });

  it('a payment link, paid', async () => {
    const link = await rzp.paymentLink.create({
      amount: 20000,
      description: 'Keys link',
      customer: { contact: CUSTOMER.contact, email: CUSTOMER.email },
      notes: { policy: 'keys' },
    });
    const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
      payment_link_id: link.id,
      method: 'upi',
      vpa: 'success@razorpay',
    });
    expect(paid.status).toBe(200);
    expectKeysOf('payment_link', await rzp.paymentLink.fetch(link.id));
  });

  it('a document, and a dispute contested with it', async () => {
    const document = await uploadedDocument(rzp);
    expectKeysOf('document', await rzp.documents.fetch(document.id));
    const paymentId = await capturedPayment(rzp, merchant.test, 60000);
    const raised = await call(merchant.test, 'POST', '/v1/simulator/disputes', {
      payment_id: paymentId,
      amount: 20000,
    });
    expect(raised.status).toBe(200);
    await rzp.disputes.contest(raised.body['id'] as string, {
      summary: 'Delivered and signed for.',
      others: [{ type: 'receipt_signed_by_customer', document_ids: [document.id] }],
      action: 'draft',
    });
    const dispute = await rzp.disputes.fetch(raised.body['id'] as string);
    expectKeysOf('dispute', dispute);
    // The bank's reference is made once, when the dispute is raised.
    expect(dispute).toMatchObject({ gateway_dispute_id: raised.body['gateway_dispute_id'] });
  });

  it('a settlement, its recon rows and an on-demand settlement', async () => {
    const own = await newAccount('Response Keys Settlements E2E');
    const mine = sdk(own.test);
    await capturedPayment(mine, own.test, 80000);
    await capturedPayment(mine, own.test, 90000);
    const ondemand = (await mine.settlements.createOndemandSettlement({
      amount: 20000,
      description: 'Keys',
      notes: { reason: 'keys' },
    } as never)) as unknown as Row;
    expectKeysOf(
      'settlement_ondemand',
      await mine.settlements.fetchOndemandSettlementById(ondemand['id'] as string, {
        'expand[]': 'ondemand_payouts',
      }),
    );
    for (let day = 0; day < 3; day++) {
      await call(own.test, 'POST', '/v1/simulator/clock/advance', { seconds: DAY });
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const settlement = await until(
      async () =>
        ((await mine.settlements.all({ count: 100 })).items as unknown as Row[]).find(
          (s) => s['status'] === 'processed',
        ),
      'a processed settlement',
      45_000,
    );
    expectKeysOf('settlement', await mine.settlements.fetch(settlement['id'] as string));
    const settledOn = new Date((settlement['created_at'] as number) * 1000);
    const recon = (await mine.settlements.reports({
      year: settledOn.getUTCFullYear(),
      month: settledOn.getUTCMonth() + 1,
      count: 1000,
    })) as unknown as { items: Row[] };
    const rows = recon.items.filter((row) => row['settlement_id'] === settlement['id']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expectKeysOf('settlement_recon', row);
  });

  it('a webhook, and the body of the event it delivers', async () => {
    const receiver = await webhookReceiver();
    try {
      const webhook = (await rzp.webhooks.create(
        {
          url: receiver.url,
          alert_email: CUSTOMER.email,
          secret: 'whsec_keys_0123456789',
          events: ['payment.captured'],
        } as never,
        merchant.accountId,
      )) as unknown as Row;
      expectKeysOf(
        'webhook',
        await rzp.webhooks.fetch(webhook['id'] as string, merchant.accountId),
      );
      const paymentId = await capturedPayment(rzp, merchant.test, 35000);
      const body = await until(
        async () =>
          receiver.bodies.find(
            (b) =>
              ((b['payload'] as Row)?.['payment'] as Row)?.['entity'] &&
              (((b['payload'] as Row)['payment'] as Row)['entity'] as Row)['id'] === paymentId,
          ),
        'the payment.captured webhook',
      );
      expectKeysOf('webhook_event', body);
      expectKeysOf('payment', ((body['payload'] as Row)['payment'] as Row)['entity']);
    } finally {
      await receiver.close();
    }
  });
});
