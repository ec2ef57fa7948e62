import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import {
  as,
  DECLINED_CARD,
  newAccount,
  refusal,
  startPayments,
  VISA,
} from '../../test/payments.kit';

describe('Payments API (payments)', () => {
  let payments: ServiceUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments.close());

  describe('checkout simulator', () => {
    it('authorizes a card payment of the order amount and keeps only what the card entity shows', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 50000 });
      const { status, body } = await api.pay(order['id'], {
        email: 'gaurav@example.com',
        contact: 919000090000,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        razorpay_order_id: order['id'],
        razorpay_payment_id: expect.stringMatching(/^pay_[0-9A-Za-z]{14}$/),
      });
      expect(body['payment']).toMatchObject({
        entity: 'payment',
        amount: 50000,
        currency: 'INR',
        status: 'authorized',
        captured: false,
        method: 'card',
        order_id: order['id'],
        email: 'gaurav@example.com',
        contact: '919000090000',
        fee: null,
        tax: null,
        acquirer_data: { auth_code: expect.stringMatching(/^\d{6}$/) },
        card: {
          entity: 'card',
          last4: '1111',
          network: 'Visa',
          type: 'credit',
          issuer: 'HDFC',
          international: false,
          name: 'Gaurav Kumar',
        },
      });
      const stored = JSON.stringify(
        await payments.app.get(DataSource).query('SELECT data FROM events'),
      );
      expect(stored).not.toContain('4111111111111111');
      expect(stored).not.toContain('"cvv"');
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'attempted',
        attempts: 1,
        amount_paid: 0,
        amount_due: 50000,
      });
    });

    it('records a declined card as a failed payment and answers like checkout’s failure callback', async () => {
      const api = as(payments, newAccount());
      const order = await api.order();
      const { status, body } = await api.pay(order['id'], { card: DECLINED_CARD });
      expect(status).toBe(400);
      const error = body['error'] as { metadata: { payment_id: string; order_id: string } };
      expect(error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_declined',
        metadata: { order_id: order['id'], payment_id: expect.stringMatching(/^pay_/) },
      });
      const failed = await api.get(`/v1/payments/${error.metadata.payment_id}`);
      expect(failed.body).toMatchObject({
        status: 'failed',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: 'payment_declined',
        error_description: expect.stringContaining('declined'),
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'attempted',
        attempts: 1,
      });
    });

    it.each([
      [
        { method: 'upi', vpa: 'success@razorpay' },
        { vpa: 'success@razorpay', acquirer_data: { rrn: expect.stringMatching(/^\d{12}$/) } },
      ],
      [{ method: 'netbanking', bank: 'HDFC' }, { bank: 'HDFC' }],
      [{ method: 'wallet', wallet: 'paytm' }, { wallet: 'paytm' }],
      [
        { method: 'card', card: { ...VISA, number: '378282246310005', cvv: '1234' } },
        { card_id: expect.stringMatching(/^card_/) },
      ],
    ])('pays with %j', async (instrument, expected) => {
      const api = as(payments, newAccount());
      const order = await api.order();
      const { status, body } = await api.pay(order['id'], { card: undefined, ...instrument });
      expect(status).toBe(200);
      expect(body['payment']).toMatchObject({
        status: 'authorized',
        method: instrument.method,
        ...expected,
      });
    });

    it('fails a UPI payment to failure@razorpay', async () => {
      const api = as(payments, newAccount());
      const { status, body } = await api.pay((await api.order())['id'], {
        method: 'upi',
        vpa: 'failure@razorpay',
        card: undefined,
      });
      expect(status).toBe(400);
      expect(body['error']).toMatchObject({ source: 'customer', reason: 'payment_failed' });
    });

    it('refuses a payment on a paid order, of the wrong amount, or of another currency, recording nothing', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 50000, payment_capture: 1 });
      expect(await api.pay(order['id'], { amount: 40000 })).toEqual({
        status: 400,
        body: refusal('The payment amount must be the order amount due (50000).', 'amount'),
      });
      expect(await api.pay(order['id'], { currency: 'USD' })).toEqual({
        status: 400,
        body: refusal('The currency must be the order currency (INR).', 'currency'),
      });
      expect((await api.pay(order['id'])).status).toBe(200);
      expect(await api.pay(order['id'])).toEqual({
        status: 400,
        body: refusal('The order has already been paid.'),
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        attempts: 1,
        amount_paid: 50000,
        amount_due: 0,
      });
    });

    it('captures at once on an order with payment_capture, with fee and tax', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 50000, payment: { capture: 'automatic' } });
      const { body } = await api.pay(order['id']);
      expect(body['payment']).toMatchObject({
        status: 'captured',
        captured: true,
        fee: 1180,
        tax: 180,
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
        amount_due: 0,
      });
    });

    it('lets partial payments add up to a partially payable order', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({
        amount: 10000,
        partial_payment: true,
        first_payment_min_amount: 4000,
        payment_capture: true,
      });
      expect(await api.pay(order['id'], { amount: 3000 })).toEqual({
        status: 400,
        body: refusal('The payment amount must be at least 4000.', 'amount'),
      });
      expect((await api.pay(order['id'], { amount: 4000 })).status).toBe(200);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'attempted',
        amount_paid: 4000,
        amount_due: 6000,
      });
      expect(await api.pay(order['id'], { amount: 7000 })).toEqual({
        status: 400,
        body: refusal(
          'The payment amount may not be greater than the order amount due (6000).',
          'amount',
        ),
      });
      expect((await api.pay(order['id'])).body['payment']).toMatchObject({
        amount: 6000,
        status: 'captured',
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 10000,
        amount_due: 0,
        attempts: 2,
      });
    });

    it.each([
      [{ method: 'card' }, 'card', 'The card field is required when method is card.'],
      [
        { method: 'card', card: { ...VISA, number: '4111111111111112' } },
        'card.number',
        'The card number is invalid.',
      ],
      [
        { method: 'card', card: { ...VISA, number: 'abcd' } },
        'card.number',
        'The card number must be 12 to 19 digits.',
      ],
      [
        { method: 'card', card: { ...VISA, cvv: '12' } },
        'card.cvv',
        'The cvv must be 3 or 4 digits.',
      ],
      [
        { method: 'card', card: { ...VISA, cvv: '1234' } },
        'card.cvv',
        'The card cvv must be 3 digits.',
      ],
      [
        { method: 'card', card: { ...VISA, expiry_year: 2020 } },
        'card.expiry_year',
        'The card has expired.',
      ],
      [
        { method: 'card', card: { ...VISA, expiry_month: 13 } },
        'card.expiry_month',
        'The expiry_month must be between 1 and 12.',
      ],
      [
        { method: 'card', card: { ...VISA, pin: '0000' } },
        'card.pin',
        'card.pin is/are not required and should not be sent',
      ],
      [
        { method: 'upi', vpa: 'not-a-vpa' },
        'vpa',
        'The vpa is not a valid UPI address (name@bank).',
      ],
      [
        { method: 'netbanking', bank: 'ZZZZ' },
        'bank',
        'The bank must be one of HDFC, ICIC, SBIN, UTIB, KKBK, YESB, PUNB, BARB.',
      ],
      [
        { method: 'wallet', wallet: 'piggybank' },
        'wallet',
        'The wallet must be one of paytm, phonepe, amazonpay, freecharge, mobikwik, airtelmoney, jiomoney, olamoney.',
      ],
      [{ method: 'cheque' }, 'method', 'The method must be one of card, upi, netbanking, wallet.'],
      [{ method: 'card', card: VISA, amount: 99 }, 'amount', 'The amount must be at least 100.'],
      [
        { method: 'card', card: VISA, amount: 100.5 },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { method: 'card', card: VISA, email: 'nope' },
        'email',
        'The email must be a valid email address.',
      ],
    ])('refuses the instrument %j naming %s', async (body, field, description) => {
      const api = as(payments, newAccount());
      const order = await api.order();
      expect(
        await api.call({
          method: 'POST',
          url: '/v1/simulator/payments',
          body: { order_id: order['id'], ...body },
        }),
      ).toEqual({ status: 400, body: refusal(description, field) });
      expect((await api.get(`/v1/orders/${order['id']}`)).body['attempts']).toBe(0);
    });

    it('needs exactly one thing to pay, and a test key', async () => {
      const exactlyOne = {
        status: 400,
        body: refusal(
          'Send exactly one of order_id, qr_code_id, invoice_id, subscription_id or payment_link_id: what this payment pays.',
          'order_id',
        ),
      };
      expect(
        await as(payments, newAccount()).call({
          method: 'POST',
          url: '/v1/simulator/payments',
          body: { method: 'card', card: VISA },
        }),
      ).toEqual(exactlyOne);
      expect(
        await as(payments, newAccount()).pay('order_Whatever0000001', {
          qr_code_id: 'qr_Whatever000000001',
        }),
      ).toEqual(exactlyOne);
      expect((await as(payments, newAccount('live')).pay('order_Whatever0000001')).body).toEqual(
        refusal(
          'The simulator works with test mode keys only: live payments come from a real checkout.',
        ),
      );
    });
  });

  describe('reading payments', () => {
    it('expands the card in every encoding the SDK and the docs use, and only when asked', async () => {
      const api = as(payments, newAccount());
      const id = await api.authorized();
      expect((await api.get(`/v1/payments/${id}`)).body).not.toHaveProperty('card');
      for (const query of [
        'expand[]=card',
        'expand%5B%5D=card',
        'expand%5Bexpand%5D=card',
        'expand[expand][0]=card',
      ]) {
        expect((await api.get(`/v1/payments/${id}?${query}`)).body['card']).toMatchObject({
          entity: 'card',
          last4: '1111',
        });
      }
      const list = await api.get('/v1/payments?expand[expand]=card&count=5');
      expect(list.body).toMatchObject({
        entity: 'collection',
        count: 1,
        items: [{ id, card: { last4: '1111' } }],
      });
    });

    it('expands how a UPI payment was made only when asked, and never on another method', async () => {
      const api = as(payments, newAccount());
      const upi = await api.pay((await api.order())['id'], {
        method: 'upi',
        vpa: 'success@razorpay',
        card: undefined,
      });
      const upiId = upi.body['razorpay_payment_id'];
      const card = await api.authorized();
      expect((await api.get(`/v1/payments/${upiId}`)).body).not.toHaveProperty('upi');
      expect((await api.get(`/v1/payments/${upiId}?expand[]=upi`)).body).toMatchObject({
        terminal_id: null,
        upi: { payer_account_type: 'bank_account', vpa: 'success@razorpay', flow: 'collect' },
      });
      expect((await api.get(`/v1/payments/${card}?expand[]=upi`)).body).not.toHaveProperty('upi');
      const both = await api.get('/v1/payments?expand[]=upi&expand[]=card');
      expect(both.body['items']).toEqual([
        expect.objectContaining({ id: card, card: expect.objectContaining({ last4: '1111' }) }),
        expect.objectContaining({ id: upiId, card: null, upi: expect.any(Object) }),
      ]);
      expect((both.body['items'] as Record<string, unknown>[])[0]).not.toHaveProperty('upi');
    });

    it('answers the card of a card payment, and the spec’s errors otherwise', async () => {
      const api = as(payments, newAccount());
      const card = await api.authorized();
      expect((await api.get(`/v1/payments/${card}/card`)).body).toEqual({
        id: expect.stringMatching(/^card_/),
        entity: 'card',
        name: 'Gaurav Kumar',
        last4: '1111',
        network: 'Visa',
        type: 'credit',
        issuer: 'HDFC',
        international: false,
        emi: true,
        sub_type: 'customer',
        token_iin: null,
      });
      const upi = await api.pay((await api.order())['id'], {
        method: 'upi',
        vpa: 'success@razorpay',
        card: undefined,
      });
      expect(await api.get(`/v1/payments/${upi.body['razorpay_payment_id']}/card`)).toEqual({
        status: 400,
        body: refusal('payment was not done using card'),
      });
      expect(await api.get('/v1/payments/pay_DoesNotExist0001/card')).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
    });

    it('lists payments newest first with count and skip, and edits only their notes', async () => {
      const api = as(payments, newAccount());
      const ids = [await api.authorized(), await api.authorized(), await api.authorized()];
      expect(
        ((await api.get('/v1/payments?count=2&skip=0')).body['items'] as { id: string }[]).map(
          (p) => p.id,
        ),
      ).toEqual([ids[2], ids[1]]);
      expect(
        (await api.patch(`/v1/payments/${ids[0]}`, { notes: { crm: 'X-1' } })).body,
      ).toMatchObject({ id: ids[0], notes: { crm: 'X-1' } });
      expect(await api.patch(`/v1/payments/${ids[0]}`, { notes: {}, status: 'captured' })).toEqual({
        status: 400,
        body: refusal('status is/are not required and should not be sent', 'status'),
      });
    });
  });

  describe('capture', () => {
    it('captures the authorized amount, sets fee and tax, and pays the order', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 123456 });
      const id = (await api.pay(order['id'])).body['razorpay_payment_id'];
      const { status, body } = await api.post(`/v1/payments/${id}/capture`, {
        amount: 123456,
        currency: 'INR',
      });
      expect(status).toBe(200);
      // 2% of 123456 = 2469.12 → 2469; 18% of 2469 = 444.42 → 444; fee = 2469 + 444.
      expect(body).toMatchObject({
        status: 'captured',
        captured: true,
        fee: 2913,
        tax: 444,
        amount: 123456,
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 123456,
        amount_due: 0,
      });
    });

    it.each([
      [
        { amount: 40000, currency: 'INR' },
        'amount',
        'Capture amount must be equal to the amount authorized (50000).',
      ],
      [
        { amount: 50000, currency: 'USD' },
        'currency',
        'The currency must be the payment currency (INR).',
      ],
      [
        { currency: 'INR' },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { amount: '50000.00' },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { amount: 50000, currency: 'INR', speed: 'fast' },
        'speed',
        'speed is/are not required and should not be sent',
      ],
    ])('refuses %j naming %s', async (body, field, description) => {
      const api = as(payments, newAccount());
      const id = await api.authorized();
      expect(await api.post(`/v1/payments/${id}/capture`, body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
      expect((await api.get(`/v1/payments/${id}`)).body['status']).toBe('authorized');
    });

    it('refuses to capture twice, or a failed payment', async () => {
      const api = as(payments, newAccount());
      const id = await api.captured();
      expect(await api.post(`/v1/payments/${id}/capture`, { amount: 50000 })).toEqual({
        status: 400,
        body: refusal('This payment has already been captured.'),
      });
      const failed = await api.pay((await api.order())['id'], { card: DECLINED_CARD });
      const failedId = (failed.body['error'] as { metadata: { payment_id: string } }).metadata
        .payment_id;
      expect(await api.post(`/v1/payments/${failedId}/capture`, { amount: 50000 })).toEqual({
        status: 400,
        body: refusal('This payment has failed and cannot be captured.'),
      });
    });

    it('lets exactly one of 20 concurrent captures of one payment succeed', async () => {
      const api = as(payments, newAccount());
      const order = await api.order();
      const id = (await api.pay(order['id'])).body['razorpay_payment_id'];
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post(`/v1/payments/${id}/capture`, { amount: 50000, currency: 'INR' }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(19);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        amount_paid: 50000,
        status: 'paid',
      });
    });

    it('refuses to capture a second payment of an order that another payment already paid', async () => {
      const api = as(payments, newAccount());
      const order = await api.order();
      const first = (await api.pay(order['id'])).body['razorpay_payment_id'];
      const second = (await api.pay(order['id'])).body['razorpay_payment_id'];
      expect((await api.post(`/v1/payments/${first}/capture`, { amount: 50000 })).status).toBe(200);
      expect(await api.post(`/v1/payments/${second}/capture`, { amount: 50000 })).toEqual({
        status: 400,
        body: refusal(/order has already been paid/),
      });
      expect((await api.get(`/v1/payments/${second}`)).body['status']).toBe('authorized');
    });
  });

  describe('refunds', () => {
    it('refunds the whole remainder by default, partially when asked, and never more than captured', async () => {
      const api = as(payments, newAccount());
      const id = await api.captured(50000);
      const partial = await api.post(`/v1/payments/${id}/refund`, {
        amount: 20000,
        speed: 'optimum',
        notes: { why: 'damaged' },
        receipt: 'R-1',
      });
      expect(partial).toEqual({
        status: 200,
        body: {
          id: expect.stringMatching(/^rfnd_[0-9A-Za-z]{14}$/),
          entity: 'refund',
          amount: 20000,
          currency: 'INR',
          payment_id: id,
          notes: { why: 'damaged' },
          receipt: 'R-1',
          acquirer_data: { arn: null },
          created_at: expect.any(Number),
          batch_id: null,
          status: 'pending',
          speed_requested: 'optimum',
          speed_processed: null,
        },
      });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'captured',
        amount_refunded: 20000,
        refund_status: 'partial',
      });
      expect(await api.post(`/v1/payments/${id}/refund`, { amount: 30001 })).toEqual({
        status: 400,
        body: refusal(
          'The refund amount provided is greater than amount captured and not yet refunded (30000).',
          'amount',
        ),
      });
      const rest = await api.post(`/v1/payments/${id}/refund`, {});
      expect(rest.body).toMatchObject({ amount: 30000, speed_requested: 'normal' });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'refunded',
        amount_refunded: 50000,
        refund_status: 'full',
      });
      expect(await api.post(`/v1/payments/${id}/refund`, {})).toEqual({
        status: 400,
        body: refusal('The payment has been fully refunded already.'),
      });
      const listed = await api.get(`/v1/payments/${id}/refunds`);
      expect((listed.body['items'] as { id: string }[]).map((r) => r.id)).toEqual([
        rest.body['id'],
        partial.body['id'],
      ]);
      // The optimum refund may have been processed meanwhile (its due job runs at once): the rest is as created.
      const fetched = (await api.get(`/v1/payments/${id}/refunds/${partial.body['id']}`)).body;
      expect(fetched).toEqual({
        ...partial.body,
        status: expect.stringMatching(/^(pending|processed)$/),
        speed_processed: fetched['status'] === 'processed' ? 'instant' : null,
        acquirer_data: expect.any(Object),
      });
      expect((await api.get(`/v1/refunds/${rest.body['id']}`)).body).toEqual(rest.body);
      expect((await api.get('/v1/refunds')).body['count']).toBe(2);
    });

    it('refuses to refund a payment that was not captured', async () => {
      const api = as(payments, newAccount());
      const id = await api.authorized();
      expect(await api.post(`/v1/payments/${id}/refund`, { amount: 1000 })).toEqual({
        status: 400,
        body: refusal('Only captured payments can be refunded.'),
      });
    });

    it('refuses a null amount instead of refunding everything left (null is not "absent")', async () => {
      const api = as(payments, newAccount());
      const id = await api.captured(50000);
      expect(await api.post(`/v1/payments/${id}/refund`, { amount: null })).toEqual({
        status: 400,
        body: refusal(
          'The amount must be an integer in the smallest currency unit (e.g. paise).',
          'amount',
        ),
      });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        amount_refunded: 0,
        refund_status: null,
      });
    });

    it('refuses a NUL in an id or a filter, naming it', async () => {
      const api = as(payments, newAccount());
      expect(await api.get('/v1/refunds/rfnd_AAAAAAAAAAAAAA%00')).toMatchObject({
        status: 400,
        body: { error: { field: 'id' } },
      });
      expect(await api.get('/v1/orders?receipt=%00')).toMatchObject({
        status: 400,
        body: { error: { field: 'receipt' } },
      });
    });

    it('never refunds more than captured under 20 concurrent partial refunds', async () => {
      const api = as(payments, newAccount());
      const id = await api.captured(1000);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.post(`/v1/payments/${id}/refund`, { amount: 100 })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400)).toBe(true);
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        amount_refunded: 1000,
        status: 'refunded',
        refund_status: 'full',
      });
      expect((await api.get(`/v1/payments/${id}/refunds?count=100`)).body['count']).toBe(10);
    });

    it('edits only the notes of a refund, and finds a refund only under its own payment', async () => {
      const api = as(payments, newAccount());
      const [a, b] = [await api.captured(), await api.captured()];
      const refund = (await api.post(`/v1/payments/${a}/refund`, { amount: 1000 })).body;
      expect(
        (await api.patch(`/v1/refunds/${refund['id']}`, { notes: { ticket: 'T-9' } })).body,
      ).toMatchObject({ id: refund['id'], notes: { ticket: 'T-9' } });
      expect(await api.patch(`/v1/refunds/${refund['id']}`, { amount: 1 })).toEqual({
        status: 400,
        body: refusal('amount is/are not required and should not be sent', 'amount'),
      });
      expect(await api.get(`/v1/payments/${b}/refunds/${refund['id']}`)).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
    });

    it.each([
      [{ amount: 99 }, 'amount', 'The amount must be at least 100.'],
      [
        { amount: 1.5 },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [{ amount: -5 }, 'amount', 'The amount must be at least 1.'],
      [{ speed: 'instant' }, 'speed', 'The speed must be normal or optimum.'],
      [
        { receipt: 'x'.repeat(41) },
        'receipt',
        'The receipt may not be greater than 40 characters.',
      ],
      [{ reverse_all: 1 }, 'reverse_all', 'reverse_all is/are not required and should not be sent'],
    ])('refuses the refund %j naming %s', async (body, field, description) => {
      const api = as(payments, newAccount());
      expect(await api.post(`/v1/payments/${await api.captured()}/refund`, body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });
  });

  describe('ids of another kind', () => {
    it('answers an id of another kind of entity like an unknown id, never with a server error', async () => {
      const api = as(payments, newAccount());
      const order = await api.order();
      const paymentId = (await api.pay(order['id'])).body['razorpay_payment_id'] as string;
      await api.post(`/v1/payments/${paymentId}/capture`, { amount: 50000 });
      const refundId = (await api.post(`/v1/payments/${paymentId}/refund`, { amount: 1000 })).body[
        'id'
      ] as string;
      const missing = { status: 400, body: refusal('The id provided does not exist') };
      expect(await api.patch(`/v1/orders/${paymentId}`, { notes: {} })).toEqual(missing);
      expect(await api.patch(`/v1/payments/${order['id']}`, { notes: {} })).toEqual(missing);
      expect(await api.patch(`/v1/refunds/${paymentId}`, { notes: {} })).toEqual(missing);
      expect(await api.post(`/v1/payments/${order['id']}/capture`, { amount: 50000 })).toEqual(
        missing,
      );
      expect(await api.post(`/v1/payments/${refundId}/refund`, { amount: 1000 })).toEqual(missing);
      expect(await api.get(`/v1/payments/${order['id']}`)).toEqual(missing);
      expect((await api.pay(paymentId)).body).toEqual(
        refusal('The id provided does not exist', 'order_id'),
      );
    });

    it('refunds a remainder below 100 when it is exactly what is left', async () => {
      const api = as(payments, newAccount());
      const id = await api.captured(1050);
      expect((await api.post(`/v1/payments/${id}/refund`, { amount: 1000 })).status).toBe(200);
      expect(await api.post(`/v1/payments/${id}/refund`, { amount: 40 })).toEqual({
        status: 400,
        body: refusal('The amount must be at least 100.', 'amount'),
      });
      expect((await api.post(`/v1/payments/${id}/refund`, { amount: 50 })).body).toMatchObject({
        amount: 50,
      });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'refunded',
        amount_refunded: 1050,
      });
    });
  });

  describe('isolation', () => {
    it('hides payments and refunds from another account and from the other mode, exactly like unknown ids', async () => {
      const owner = newAccount();
      const api = as(payments, owner);
      const id = await api.captured();
      const refund = (await api.post(`/v1/payments/${id}/refund`, { amount: 1000 })).body['id'];
      for (const stranger of [
        as(payments, newAccount()),
        as(payments, { ...owner, mode: 'live' }),
      ]) {
        const missing = { status: 400, body: refusal('The id provided does not exist') };
        expect(await stranger.get(`/v1/payments/${id}`)).toEqual(missing);
        expect(await stranger.get(`/v1/payments/${id}/card`)).toEqual(missing);
        expect(await stranger.patch(`/v1/payments/${id}`, { notes: {} })).toEqual(missing);
        expect(await stranger.post(`/v1/payments/${id}/capture`, { amount: 50000 })).toEqual(
          missing,
        );
        expect(await stranger.post(`/v1/payments/${id}/refund`, { amount: 1000 })).toEqual(missing);
        expect(await stranger.get(`/v1/payments/${id}/refunds`)).toEqual(missing);
        expect(await stranger.get(`/v1/payments/${id}/refunds/${refund}`)).toEqual(missing);
        expect(await stranger.get(`/v1/refunds/${refund}`)).toEqual(missing);
        expect(await stranger.patch(`/v1/refunds/${refund}`, { notes: {} })).toEqual(missing);
        expect((await stranger.get('/v1/payments')).body['count']).toBe(0);
        expect((await stranger.get('/v1/refunds')).body['count']).toBe(0);
      }
    });
  });
});
