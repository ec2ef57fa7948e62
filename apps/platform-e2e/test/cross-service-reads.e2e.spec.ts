import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CUSTOMER, DAY, VISA } from './support/fixtures';
import { adminCall, call, newAccount, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';

type Row = Record<string, unknown>;
type Rzp = ReturnType<typeof sdk>;
const TRIES = 20;

/** An order paid through the checkout simulator and captured with the SDK; its payment id. */
async function capture(rzp: Rzp, merchant: PlatformAccount, amount: number): Promise<string> {
  const order = await rzp.orders.create({ amount, currency: 'INR' });
  const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
    order_id: order.id,
    method: 'card',
    card: VISA,
  });
  if (paid.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(paid.body)}`);
  const paymentId = paid.body['razorpay_payment_id'] as string;
  await rzp.payments.capture(paymentId, amount, 'INR');
  return paymentId;
}

/** The outcomes of `TRIES` runs of `attempt` at once that did not come out as expected. */
async function failuresOf(attempt: (i: number) => Promise<string | null>): Promise<string[]> {
  const outcomes = await Promise.all(
    Array.from({ length: TRIES }, (_, i) =>
      attempt(i).catch((error: unknown) => `try ${i} threw: ${JSON.stringify(error)}`),
    ),
  );
  return outcomes.filter((outcome): outcome is string => outcome !== null);
}

/**
 * Read-your-writes across the services: a request that depends on what another service recorded is
 * right at once, never "a moment later". Each service catches up on the account's events in their
 * owner's outbox before answering (EventCatchUp), so each case below is tried 20 times at once, each
 * try reading right after its own write.
 */
describe('answers that depend on another service’s events, right after the write, 20 tries at once', () => {
  let merchant: PlatformAccount;
  let rzp: Rzp;
  beforeAll(async () => {
    merchant = await newAccount('Cross-service reads E2E');
    rzp = sdk(merchant.test);
  });

  it('settles on demand from a balance that counts the capture just made', async () => {
    const failures = await failuresOf(async (i) => {
      await capture(rzp, merchant, 100000 + i);
      const answer = await call(merchant.test, 'POST', '/v1/settlements/ondemand', {
        amount: 50000,
        description: `right after capture ${i}`,
      });
      return answer.status === 200 && answer.body['amount_requested'] === 50000
        ? null
        : `try ${i}: ${answer.status} ${JSON.stringify(answer.body)}`;
    });
    expect(failures).toEqual([]);
  });

  it('shows every capture already answered in the ledger read right after', async () => {
    const account = await newAccount('Cross-service ledger E2E');
    const ledgerRzp = sdk(account.test);
    let completed = 0;
    const failures = await failuresOf(async (i) => {
      const amount = 10000 + i;
      await capture(ledgerRzp, account, amount);
      completed += amount;
      const seenBefore = completed; // every capture answered before this read must be in it
      const view = (await adminCall('GET', `/accounts/${account.accountId}/ledger?mode=test`)).body;
      const captured = ((view['currencies'] as Row[])[0]?.['captured'] as number) ?? 0;
      return captured >= seenBefore && view['balanced'] === true
        ? null
        : `try ${i}: ledger captured ${captured}, captures answered ${seenBefore}`;
    });
    expect(failures).toEqual([]);
  });

  it('shows an invoice paid, in its fetch and its history, right after its payment', async () => {
    const failures = await failuresOf(async (i) => {
      const invoice = await rzp.invoices.create({
        type: 'invoice',
        customer: CUSTOMER,
        line_items: [{ name: `Right away ${i}`, amount: 20000 + i, currency: 'INR', quantity: 1 }],
        sms_notify: 0,
        email_notify: 0,
      } as never);
      const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        invoice_id: invoice.id,
        method: 'card',
        card: VISA,
      });
      if (paid.status !== 200) return `try ${i}: payment refused ${JSON.stringify(paid.body)}`;
      const [fetched, history] = await Promise.all([
        rzp.invoices.fetch(invoice.id),
        call(merchant.test, 'GET', `/v1/events?entity_id=${invoice.id}`),
      ]);
      const types = ((history.body['items'] as Row[] | undefined) ?? []).map((e) => e['type']);
      return fetched.status === 'paid' &&
        fetched.amount_paid === 20000 + i &&
        types.includes('InvoicePaid')
        ? null
        : `try ${i}: invoice ${fetched.status}, paid ${fetched.amount_paid}, history ${types.join(',')}`;
    });
    expect(failures).toEqual([]);
  });

  it('shows a subscription authorized right after its authorization payment', async () => {
    const plan = await rzp.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Right away', amount: 29900, currency: 'INR' },
    });
    const failures = await failuresOf(async (i) => {
      const subscription = await rzp.subscriptions.create({
        plan_id: plan.id,
        total_count: 3,
        customer_notify: 0,
      } as never);
      const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        subscription_id: subscription.id,
        method: 'card',
        card: VISA,
        email: CUSTOMER.email,
      });
      if (paid.status !== 200) return `try ${i}: payment refused ${JSON.stringify(paid.body)}`;
      const fetched = await rzp.subscriptions.fetch(subscription.id);
      return fetched.status === 'active' && fetched.paid_count === 1
        ? null
        : `try ${i}: subscription ${fetched.status}, paid_count ${fetched.paid_count}`;
    });
    expect(failures).toEqual([]);
  });

  it('lists the delivery of every capture’s webhook right after the capture', async () => {
    const account = await newAccount('Cross-service deliveries E2E');
    const hooksRzp = sdk(account.test);
    const endpoint = createServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
    const webhook = (await hooksRzp.webhooks.create(
      { url, events: ['payment.captured'] } as never,
      account.accountId,
    )) as unknown as Row;
    let captured = 0;
    const failures = await failuresOf(async (i) => {
      await capture(hooksRzp, account, 30000 + i);
      const answeredBefore = ++captured; // every capture answered before this read has its delivery
      const { body } = await call(
        account.test,
        'GET',
        `/v1/webhooks/${webhook['id'] as string}/deliveries?count=100`,
      );
      const listed = ((body['items'] as Row[] | undefined) ?? []).filter(
        (delivery) => delivery['event'] === 'payment.captured',
      ).length;
      return listed >= answeredBefore
        ? null
        : `try ${i}: ${listed} deliveries listed, ${answeredBefore} captures answered`;
    });
    endpoint.close();
    endpoint.closeAllConnections();
    expect(failures).toEqual([]);
  });

  it('expands the transaction.settlement of a dispute raised right after the settlement is processed, and lists its recon rows', async () => {
    const account = await newAccount('Cross-service settlement E2E');
    const settleRzp = sdk(account.test);
    const payments = await Promise.all(
      Array.from({ length: TRIES }, (_, i) => capture(settleRzp, account, 80000 + i)),
    );
    // Past T+2 on the account's clock: a 00:00 UTC cycle settles them; each day's cycle runs within a second.
    for (let day = 0; day < 4; day++) {
      await call(account.test, 'POST', '/v1/simulator/clock/advance', { seconds: DAY });
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const settlement = await until(
      async () =>
        ((await settleRzp.settlements.all({ count: 10 })).items as unknown as Row[]).find(
          (s) => s['status'] === 'processed',
        ),
      'the payments’ settlement to be processed',
      60_000,
    );
    const settledAt = new Date((settlement['created_at'] as number) * 1000);
    const recon = `/v1/settlements/recon/combined?year=${settledAt.getUTCFullYear()}&month=${settledAt.getUTCMonth() + 1}&count=100`;
    const failures = await failuresOf(async (i) => {
      const raised = await call(account.test, 'POST', '/v1/simulator/disputes', {
        payment_id: payments[i],
        amount: 1000,
      });
      if (raised.status !== 200) return `try ${i}: dispute refused ${JSON.stringify(raised.body)}`;
      const [expanded, rows] = await Promise.all([
        call(
          account.test,
          'GET',
          `/v1/disputes/${raised.body['id'] as string}?expand[]=transaction.settlement`,
        ),
        call(account.test, 'GET', recon),
      ]);
      const transaction = expanded.body['transaction'] as Row | undefined;
      const settledRow = ((rows.body['items'] as Row[] | undefined) ?? []).find(
        (row) => row['entity_id'] === payments[i],
      );
      return (transaction?.['settlement'] as Row | undefined)?.['id'] === settlement['id'] &&
        settledRow?.['settlement_id'] === settlement['id']
        ? null
        : `try ${i}: transaction ${JSON.stringify(transaction)}, recon row ${JSON.stringify(settledRow)}`;
    });
    expect(failures).toEqual([]);
  }, 120_000);
});
