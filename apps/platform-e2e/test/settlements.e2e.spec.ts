import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY, DISPUTE_CARD, pdf, VISA } from './support/fixtures';
import { adminCall, call, newAccount, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

const PDF = pdf(2048);

type Row = Record<string, unknown>;
type Rzp = ReturnType<typeof sdk>;

const admin = async (method: 'GET' | 'PATCH', path: string, body?: unknown): Promise<Row> =>
  (await adminCall(method, path, body)).body;

/** A payment of `amount` through the SDK and the checkout simulator, captured; returns its id. */
async function capturedPayment(
  rzp: Rzp,
  key: KeyPair,
  amount: number,
  instrument: Row,
): Promise<string> {
  const order = await rzp.orders.create({
    amount,
    currency: 'INR',
    receipt: `month-${amount}-${Math.random().toString(36).slice(2, 8)}`,
  });
  const paid = await call(key, 'POST', '/v1/simulator/payments', {
    order_id: order.id,
    ...instrument,
  });
  if (paid.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(paid.body)}`);
  const paymentId = paid.body['razorpay_payment_id'] as string;
  await rzp.payments.capture(paymentId, amount, 'INR');
  return paymentId;
}

async function everyPage<T>(
  page: (skip: number) => Promise<{ items: T[] }>,
  size: number,
): Promise<T[]> {
  const all: T[] = [];
  for (let skip = 0; ; skip += size) {
    const { items } = await page(skip);
    all.push(...items);
    if (items.length < size) return all;
  }
}

describe('a month of a test account’s settlements, through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  let rzp: Rzp;
  let days = 0;
  beforeAll(async () => {
    merchant = await newAccount('Settlements Month E2E');
    rzp = sdk(merchant.test);
  });

  /** One day on the account's test clock; the day's cycle (00:00 UTC) runs within a second. */
  const nextDay = async () => {
    expect(
      (await call(merchant.test, 'POST', '/v1/simulator/clock/advance', { seconds: DAY })).status,
    ).toBe(200);
    days++;
    await new Promise((resolve) => setTimeout(resolve, 700));
  };
  const settlements = async () =>
    (await rzp.settlements.all({ count: 100 })).items as unknown as Row[];
  const ledger = () => admin('GET', `/accounts/${merchant.accountId}/ledger?mode=test`);

  it('settles every payment, refund and dispute, each settlement equal to its recon rows, and the books balance', async () => {
    const payments: string[] = [];
    const pay = async (amount: number, instrument: Row) => {
      const id = await capturedPayment(rzp, merchant.test, amount, instrument);
      payments.push(id);
      return id;
    };
    const started = Math.floor(Date.now() / 1000);

    // Day 0: a payment the dispute card's bank disputes at once (left unanswered: lost at respond_by),
    // and one the merchant wins with a document.
    const lostPayment = await pay(40000, { method: 'card', card: DISPUTE_CARD });
    const lostDispute = await until(
      async () => (await rzp.disputes.all()).items.find((d) => d.payment_id === lostPayment),
      'the dispute card’s dispute',
    );
    const wonPayment = await pay(30000, { method: 'card', card: VISA });
    const raised = await call(merchant.test, 'POST', '/v1/simulator/disputes', {
      payment_id: wonPayment,
      amount: 15000,
    });
    expect(raised.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'e2e-settle-')), 'delivery.pdf');
    writeFileSync(file, PDF);
    const evidence = await rzp.documents.create({
      file: {
        value: createReadStream(file) as never,
        options: { filename: 'delivery.pdf', contentType: 'application/pdf' },
      },
      purpose: 'dispute_evidence',
    });
    await rzp.disputes.contest(raised.body['id'] as string, {
      summary: 'Delivered.',
      shipping_proof: [evidence.id],
      action: 'submit',
    });

    let ondemandId = '';
    let failedSettlement: Row | undefined;
    for (let day = 0; day < 25; day++) {
      await pay(10000 + day * 1371, { method: 'card', card: VISA });
      await pay(25000 + day * 733, { method: 'upi', vpa: 'success@razorpay' });
      if (day === 3)
        expect(await rzp.payments.refund(payments[4], { amount: 5000 })).toMatchObject({
          amount: 5000,
        });
      if (day === 6)
        expect(await rzp.payments.refund(payments[6], {})).toMatchObject({
          amount: 10000 + 2 * 1371,
        });
      if (day === 9) await rzp.payments.refund(payments[19], { amount: 12345 });
      if (day === 10) {
        const ondemand = (await rzp.settlements.createOndemandSettlement({
          settle_full_balance: true,
          description: 'Mid month',
        } as never)) as unknown as Row;
        expect(ondemand).toMatchObject({
          entity: 'settlement.ondemand',
          settle_full_balance: true,
          status: 'initiated',
          currency: 'INR',
          description: 'Mid month',
        });
        expect(ondemand['amount_requested'] as number).toBeGreaterThan(0);
        ondemandId = ondemand['id'] as string;
        expect(
          await rejection(
            rzp.settlements.createOndemandSettlement({ amount: 4_000_000_000 } as never),
          ),
        ).toMatchObject({
          statusCode: 400,
          error: { field: 'amount', description: expect.stringMatching(/is available/) },
        });
      }
      if (day === 15) {
        // The merchant's bank refuses the next transfer: that settlement fails and is settled again a day later.
        expect(
          await admin('PATCH', `/accounts/${merchant.accountId}/settlement_settings`, {
            mode: 'test',
            bank_transfers_fail: true,
          }),
        ).toMatchObject({ bank_transfers_fail: true });
        await nextDay();
        failedSettlement = await until(
          async () => (await settlements()).find((s) => s['status'] === 'failed'),
          'a refused settlement',
        );
        expect(failedSettlement).toMatchObject({ utr: null, fees: 0, tax: 0 });
        await admin('PATCH', `/accounts/${merchant.accountId}/settlement_settings`, {
          mode: 'test',
          bank_transfers_fail: false,
        });
      }
      await nextDay();
    }
    // Past the month's last payments' T+2: everything is settleable; the last cycle pays it out.
    for (let day = 0; day < 4; day++) await nextDay();
    const all = await until(
      async () => {
        const list = await settlements();
        const view = await ledger();
        const inr = (view['currencies'] as Row[])[0];
        return list.every((s) => s['status'] !== 'created') && inr['unsettled'] === 0 ? list : null;
      },
      'the last settlement',
      60_000,
    );

    // Every processed settlement equals its recon rows; the failed one has none, its payments came again.
    const months = new Set<string>();
    for (let at = started; at <= started + (days + 1) * DAY; at += DAY)
      months.add(new Date(at * 1000).toISOString().slice(0, 7));
    const rows: Row[] = [];
    for (const month of months) {
      const [year, mm] = month.split('-').map(Number);
      rows.push(
        ...(await everyPage(
          (skip) =>
            rzp.settlements.reports({ year, month: mm, count: 1000, skip }) as unknown as Promise<{
              items: Row[];
            }>,
          1000,
        )),
      );
    }
    const processed = all.filter((s) => s['status'] === 'processed');
    expect(processed.length).toBeGreaterThanOrEqual(20);
    for (const settlement of processed) {
      const own = rows.filter((row) => row['settlement_id'] === settlement['id']);
      expect(
        own.reduce((sum, row) => sum + (row['credit'] as number) - (row['debit'] as number), 0),
      ).toBe(settlement['amount']);
      expect(
        own.every((row) => row['settled'] === true && row['settlement_utr'] === settlement['utr']),
      ).toBe(true);
    }
    expect(rows.some((row) => row['settlement_id'] === failedSettlement?.['id'])).toBe(false);
    expect(
      new Set(rows.filter((row) => row['type'] === 'payment').map((row) => row['entity_id'])),
    ).toEqual(new Set(payments));
    expect(rows.filter((row) => row['type'] === 'refund')).toHaveLength(3);
    expect(rows.find((row) => row['entity_id'] === ondemandId)).toMatchObject({
      type: 'adjustment',
      credit: 0,
    });

    // The books: the ledger balances, and what the public API says was captured, charged, refunded
    // and lost adds up to what was settled and what is left.
    const view = await ledger();
    expect(view['balanced']).toBe(true);
    const inr = (view['currencies'] as Row[])[0];
    const captured = await everyPage(
      (skip) => rzp.payments.all({ count: 100, skip }) as unknown as Promise<{ items: Row[] }>,
      100,
    );
    const refunds = await everyPage(
      (skip) => rzp.refunds.all({ count: 100, skip }) as unknown as Promise<{ items: Row[] }>,
      100,
    );
    const disputes = (await rzp.disputes.all({ count: 100 })).items as unknown as Row[];
    const ondemand = (await rzp.settlements.fetchOndemandSettlementById(ondemandId, {
      'expand[]': 'ondemand_payouts',
    })) as unknown as Row;
    expect(ondemand).toMatchObject({
      status: 'processed',
      amount_pending: 0,
      ondemand_payouts: { count: 1, items: [{ status: 'processed', utr: expect.any(String) }] },
    });
    const sum = (items: Row[], field: string) =>
      items.reduce((total, item) => total + ((item[field] as number) ?? 0), 0);
    const capturedTotal = sum(captured, 'amount');
    const fees = sum(captured, 'fee') + (ondemand['fees'] as number); // fee includes its GST
    const adjustments = sum(
      disputes.filter((d) => d['status'] === 'lost'),
      'amount_deducted',
    );
    const settled = sum(processed, 'amount') + (ondemand['amount_settled'] as number);
    expect(captured).toHaveLength(52);
    expect(disputes.map((d) => [d['id'], d['status']]).sort()).toEqual(
      [
        [lostDispute.id, 'lost'],
        [raised.body['id'], 'won'],
      ].sort(),
    );
    expect(inr).toMatchObject({
      captured: capturedTotal,
      fees: fees - (inr['tax'] as number),
      refunds: sum(refunds, 'amount'),
      adjustments,
      settled,
      on_hold: 0,
    });
    expect(settled + (inr['balance'] as number)).toBe(
      capturedTotal - fees - sum(refunds, 'amount') - adjustments,
    );

    // The lost dispute's payment was settled: its transaction shows the settlement.
    const expanded = await call(
      merchant.test,
      'GET',
      `/v1/disputes/${lostDispute.id}?expand[]=transaction.settlement`,
    );
    const paidOut = rows.find((row) => row['entity_id'] === lostPayment);
    expect(expanded.body['transaction']).toMatchObject({
      entity_id: lostPayment,
      settled: true,
      settlement_id: paidOut?.['settlement_id'],
      settlement: { id: paidOut?.['settlement_id'], status: 'processed' },
    });
  }, 300_000);
});
