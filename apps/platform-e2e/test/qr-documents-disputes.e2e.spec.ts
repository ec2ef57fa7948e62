import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DAY, DISPUTE_CARD, NOT_FOUND, pdf, VISA } from './support/fixtures';
import { basicAuth, call, newAccount, platform, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

const PDF = pdf(4096);

/** A document uploaded as the SDK does it: a file stream and the purpose. */
async function uploadWithSdk(key: KeyPair, bytes: Buffer, name = 'proof.pdf') {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-doc-')), name);
  writeFileSync(file, bytes);
  return sdk(key).documents.create({
    file: {
      value: createReadStream(file) as never,
      options: { filename: name, contentType: 'application/pdf' },
    },
    purpose: 'dispute_evidence',
  });
}

async function upload(key: KeyPair, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  form.append('purpose', 'dispute_evidence');
  const response = await fetch(`${platform.baseUrl}/v1/documents`, {
    method: 'POST',
    headers: { authorization: basicAuth(key) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('QR codes, documents and disputes through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('QR Documents Disputes E2E')));

  describe('QR codes', () => {
    it('creates a single-use code whose public image encodes its UPI intent, takes its payment and closes as paid', async () => {
      const rzp = sdk(merchant.test);
      const code = await rzp.qrCode.create({
        type: 'upi_qr',
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: 30000,
        name: 'Store Front',
        description: 'Order 17',
        close_by: Math.floor(Date.now() / 1000) + 3600,
      });
      expect(code).toMatchObject({
        entity: 'qr_code',
        status: 'active',
        usage: 'single_use',
        payment_amount: 30000,
      });
      const image = await fetch(`${platform.baseUrl}${new URL(code.image_url).pathname}`); // no credentials: the image is public
      expect(image.headers.get('content-type')).toBe('image/png');
      const png = PNG.sync.read(Buffer.from(await image.arrayBuffer()));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
      expect(decoded).toMatch(/^upi:\/\/pay\?/);
      expect(new URL(decoded).searchParams.get('tr')).toBe(code.id);
      expect(new URL(decoded).searchParams.get('am')).toBe('300.00');

      const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        qr_code_id: code.id,
        method: 'upi',
        vpa: 'success@razorpay',
      });
      expect(paid.body['payment']).toMatchObject({ amount: 30000, status: 'captured' });
      expect(await rzp.qrCode.fetch(code.id)).toMatchObject({
        status: 'closed',
        close_reason: 'paid',
        payments_amount_received: 30000,
        payments_count_received: 1,
      });
      expect((await rzp.qrCode.fetchAllPayments(code.id)).items.map((p) => p.id)).toEqual([
        paid.body['razorpay_payment_id'],
      ]);
      expect(
        (
          await rzp.qrCode.all({ payment_id: paid.body['razorpay_payment_id'] as string })
        ).items.map((q) => q.id),
      ).toEqual([code.id]);
      expect(
        await rzp.payments.refund(paid.body['razorpay_payment_id'] as string, { amount: 5000 }),
      ).toMatchObject({ amount: 5000 });
    });

    it('closes on demand, and answers the spec’s close error table', async () => {
      const rzp = sdk(merchant.test);
      const code = await rzp.qrCode.create({
        type: 'upi_qr',
        usage: 'multiple_use',
        name: 'Counter',
      });
      expect(await rzp.qrCode.close(code.id)).toMatchObject({
        status: 'closed',
        close_reason: 'on_demand',
        closed_at: expect.any(Number),
      });
      expect(await rejection(rzp.qrCode.close(code.id))).toMatchObject({
        statusCode: 400,
        error: { description: 'The QR code is already closed.' },
      });
      expect(await rejection(sdk(platform.account.test).qrCode.close(code.id))).toEqual(NOT_FOUND);
      expect(await rejection(rzp.qrCode.close('qr_bad'))).toMatchObject({
        statusCode: 400,
        error: {
          description:
            'We are facing some trouble completing your request at the moment. Please try again shortly.',
        },
      });
      expect(
        await call(merchant.test, 'GET', `/v1/payments/qr_codes/${code.id}/close`),
      ).toMatchObject({
        status: 400,
        body: { error: { description: 'The requested URL was not found on the server.' } },
      });
      expect(await call(merchant.test, 'POST', '/v1/payments/qr_codes//close')).toMatchObject({
        status: 400,
        body: { error: { description: 'The requested URL was not found on the server.' } },
      });
      expect(
        await rejection(
          sdk({ id: merchant.test.id, secret: 'not-the-right-secret-xxxx' }).qrCode.close(code.id),
        ),
      ).toMatchObject({ statusCode: 401 });
    });

    it('links a customer created a moment before, and refuses one of another account', async () => {
      const rzp = sdk(merchant.test);
      const customer = await rzp.customers.create({
        name: 'Qr Customer',
        email: `qr.${Date.now()}@example.com`,
      });
      expect(
        await rzp.qrCode.create({
          type: 'upi_qr',
          usage: 'multiple_use',
          customer_id: customer.id,
        }),
      ).toMatchObject({ customer_id: customer.id });
      const theirs = await sdk(platform.account.test).customers.create({
        name: 'Someone Else',
        email: `other.${Date.now()}@example.com`,
      });
      expect(
        await rejection(
          rzp.qrCode.create({ type: 'upi_qr', usage: 'multiple_use', customer_id: theirs.id }),
        ),
      ).toMatchObject({
        statusCode: 400,
        error: { field: 'customer_id', description: 'The id provided does not exist' },
      });
    });

    it('needs the UPI QR feature, off in live mode until the operator switches it on', async () => {
      const live = sdk(merchant.live);
      expect(
        await rejection(live.qrCode.create({ type: 'upi_qr', usage: 'multiple_use' })),
      ).toMatchObject({
        statusCode: 400,
        error: {
          field: 'type',
          description: 'UPI QR codes are not enabled for this account in this mode.',
        },
      });
      const switched = await fetch(
        `${platform.baseUrl}/admin/v1/accounts/${merchant.accountId}/features`,
        {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${platform.adminToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ mode: 'live', upi_qr: true }),
        },
      );
      expect(await switched.json()).toEqual({ mode: 'live', upi_qr: true });
      expect(await live.qrCode.create({ type: 'upi_qr', usage: 'multiple_use' })).toMatchObject({
        type: 'upi_qr',
        status: 'active',
      });
    });

    it('refuses the spec’s bad inputs', async () => {
      const rzp = sdk(merchant.test);
      const now = Math.floor(Date.now() / 1000);
      for (const [body, field] of [
        [
          {
            type: 'upi_qr',
            usage: 'single_use',
            fixed_amount: true,
            payment_amount: 1000,
            close_by: now + 14 * 60,
          },
          'close_by',
        ],
        [
          {
            type: 'upi_qr',
            usage: 'single_use',
            fixed_amount: true,
            payment_amount: 1000,
            close_by: 2147483648,
          },
          'close_by',
        ],
        [{ type: 'upi_qr', usage: 'multiple_use', close_by: now + 3600 }, 'close_by'],
        [{ type: 'upi_qr', usage: 'single_use' }, 'fixed_amount'],
      ] as const) {
        expect(await rejection(rzp.qrCode.create(body as never))).toMatchObject({
          statusCode: 400,
          error: { field },
        });
      }
    });
  });

  describe('documents', () => {
    it('uploads with the SDK and downloads the identical bytes', async () => {
      const document = await uploadWithSdk(merchant.test, PDF);
      expect(document).toMatchObject({
        entity: 'document',
        purpose: 'dispute_evidence',
        mime_type: 'application/pdf',
        size: PDF.length,
        name: 'proof.pdf',
      });
      expect(await sdk(merchant.test).documents.fetch(document.id)).toEqual(document);
      const content = await fetch(`${platform.baseUrl}/v1/documents/${document.id}/content`, {
        headers: { authorization: basicAuth(merchant.test) },
      });
      expect(content.headers.get('content-type')).toBe('application/pdf');
      expect(content.headers.get('x-content-sha256')).toBe(
        createHash('sha256').update(PDF).digest('hex'),
      );
      expect(Buffer.from(await content.arrayBuffer()).equals(PDF)).toBe(true);
      expect(await rejection(sdk(platform.account.test).documents.fetch(document.id))).toEqual(
        NOT_FOUND,
      );
    });

    it('downloads documents named in Devanagari, CJK, emoji and with control characters, the name in filename* and an ASCII fallback', async () => {
      const png = PNG.sync.write(new PNG({ width: 1, height: 1 }));
      const names: [string, string, string | null][] = [
        // the name sent, the ASCII fallback, the name a browser saves (filename*), if it differs
        ['प्रमाण.png', '______.png', 'प्रमाण.png'],
        ['领收书.png', '___.png', '领收书.png'],
        ['receipt 🧾.png', 'receipt _.png', 'receipt 🧾.png'],
        ['scan\u0001\u007f(1).png', 'scan__(1).png', null],
      ];
      for (const [name, fallback, full] of names) {
        const uploaded = await upload(merchant.test, png, name);
        expect(uploaded).toMatchObject({ status: 200, body: { name, mime_type: 'image/png' } });
        const content = await fetch(
          `${platform.baseUrl}/v1/documents/${String(uploaded.body['id'])}/content`,
          { headers: { authorization: basicAuth(merchant.test) } },
        );
        expect(content.status).toBe(200);
        const disposition = content.headers.get('content-disposition') ?? '';
        expect(disposition.startsWith(`attachment; filename="${fallback}"`)).toBe(true);
        const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
        expect(encoded === undefined ? null : decodeURIComponent(encoded)).toBe(full);
        expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);
      }
    });

    it('refuses 10 MB and one byte, a body past the gateway’s limit, and an executable renamed .pdf', async () => {
      const tenMegabytes = Buffer.concat([
        PDF,
        Buffer.alloc(10 * 1024 * 1024 - PDF.length + 1, 0x20),
      ]);
      expect(await upload(merchant.test, tenMegabytes, 'big.pdf')).toMatchObject({
        status: 400,
        body: { error: { field: 'file', description: 'The file may not be larger than 10 MB.' } },
      });
      expect(
        await upload(
          merchant.test,
          Buffer.concat([tenMegabytes, Buffer.alloc(2 * 1024 * 1024)]),
          'bigger.pdf',
        ),
      ).toMatchObject({
        status: 400,
        body: { error: { description: 'The request body is too large.' } },
      });
      const executable = Buffer.concat([
        Buffer.from([0x7f]),
        Buffer.from('ELF'),
        Buffer.alloc(1024),
      ]);
      expect(await upload(merchant.test, executable, 'invoice.pdf')).toMatchObject({
        status: 400,
        body: { error: { field: 'file' } },
      });
    });
  });

  describe('disputes', () => {
    /** A captured payment of `key`'s account, for `amount`. */
    async function captured(key: KeyPair, amount = 20000, card = VISA): Promise<string> {
      const rzp = sdk(key);
      const order = await rzp.orders.create({ amount, currency: 'INR' });
      const paymentId = (
        await call(key, 'POST', '/v1/simulator/payments', {
          order_id: order.id,
          method: 'card',
          card,
        })
      ).body['razorpay_payment_id'] as string;
      await rzp.payments.capture(paymentId, amount, 'INR');
      return paymentId;
    }

    it('contests with evidence, accepts another, and lists them with the SDK', async () => {
      const rzp = sdk(merchant.test);
      const [a, b] = [await captured(merchant.test), await captured(merchant.test)];
      const contested = (
        await call(merchant.test, 'POST', '/v1/simulator/disputes', {
          payment_id: a,
          reason_code: 'product_not_received',
        })
      ).body;
      const accepted = (
        await call(merchant.test, 'POST', '/v1/simulator/disputes', { payment_id: b, amount: 5000 })
      ).body;
      const evidence = await uploadWithSdk(merchant.test, PDF, 'delivery.pdf');
      expect(
        await rzp.disputes.contest(contested['id'] as string, {
          summary: 'Delivered and signed for.',
          shipping_proof: [evidence.id],
          action: 'submit',
        }),
      ).toMatchObject({
        status: 'under_review',
        evidence: { shipping_proof: [evidence.id], submitted_at: expect.any(Number) },
      });
      expect(await rzp.disputes.accept(accepted['id'] as string)).toMatchObject({
        status: 'lost',
        amount_deducted: 5000,
      });
      expect(await rzp.disputes.fetch(contested['id'] as string)).toMatchObject({
        id: contested['id'],
        payment_id: a,
        status: 'under_review',
      });
      expect((await rzp.disputes.all({ count: 10 })).items.map((d) => d.id)).toEqual(
        expect.arrayContaining([contested['id'], accepted['id']]),
      );
      const expanded = await call(
        merchant.test,
        'GET',
        `/v1/disputes/${contested['id']}?expand[]=payment&expand[]=transaction.settlement`,
      );
      // Not settled yet: settlements itself says so, whether or not an event has reached payments.
      const transaction = {
        entity: 'transaction',
        type: 'payment',
        entity_id: a,
        amount: 20000,
        fee: 472,
        tax: 72,
        debit: 0,
        credit: 20000 - 472,
        settled: false,
        settlement_id: null,
        settled_at: null,
        settlement: null,
      };
      expect(expanded).toEqual({
        status: 200,
        body: expect.objectContaining({
          payment: expect.objectContaining({ id: a, status: 'captured' }),
          transaction: expect.objectContaining(transaction),
        }),
      });
      expect(
        await rejection(sdk(platform.account.test).disputes.fetch(contested['id'] as string)),
      ).toEqual(NOT_FOUND);
    });

    it('is raised by the dispute test card after capture, and decided on the account’s test clock', async () => {
      const clocked = await newAccount('Dispute Clock E2E');
      const rzp = sdk(clocked.test);
      const paymentId = await captured(clocked.test, 40000, DISPUTE_CARD);
      const dispute = await until(
        async () => (await rzp.disputes.all()).items.find((d) => d.payment_id === paymentId),
        'the test card’s dispute',
      );
      expect(dispute).toMatchObject({ amount: 40000, status: 'open' });
      const evidence = await uploadWithSdk(clocked.test, PDF);
      await rzp.disputes.contest(dispute.id, { proof_of_service: [evidence.id], action: 'submit' });
      expect(
        (await call(clocked.test, 'POST', '/v1/simulator/clock/advance', { seconds: 3 * DAY + 60 }))
          .status,
      ).toBe(200);
      await until(
        async () => (await rzp.disputes.fetch(dispute.id)).status === 'won',
        'the dispute to be won',
      );
    });
  });
});
