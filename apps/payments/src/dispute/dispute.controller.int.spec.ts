import 'reflect-metadata';
import { Topics } from '@platform/contracts';
import type { PublishedSettlementEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import { serviceUnavailable } from '@platform/http';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import type { Consumer, Producer } from 'kafkajs';
import {
  SETTLED_AT,
  settlementEntity,
  settlementMessages,
} from '../settlement-directory/settlement-directory.fixtures';
import { evidence } from './dispute.fixtures';
import {
  advanceTestClock,
  as,
  multipart,
  newAccount,
  PDF,
  refusal,
  startPayments,
  uploadDocument,
  VISA,
} from '../../test/payments.kit';

const DAY = 24 * 3600;
const DISPUTE_CARD = { ...VISA, number: '4000000000000259' };

describe('Disputes API (payments)', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let consumer: Consumer;
  let producer: Producer;
  const published: { key: string; type: string; data: { dispute: Record<string, unknown> } }[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    consumer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: 'dispute-events-audit',
      maxWaitTimeInMs: 200,
    });
    await consumer.connect();
    await consumer.subscribe({ topic: 'payments.dispute', fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) =>
        void published.push({ key: String(message.key), ...JSON.parse(String(message.value)) }),
    });
    producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer.disconnect();
    await consumer.disconnect();
    await payments.close();
    await broker.stop();
  });

  /** A captured payment of the caller's and a dispute on it, raised through the simulator. */
  async function disputed(
    api: ReturnType<typeof as>,
    body: Record<string, unknown> = {},
    amount = 50000,
  ) {
    const paymentId = await api.captured(amount);
    const { status, body: dispute } = await api.post('/v1/simulator/disputes', {
      payment_id: paymentId,
      ...body,
    });
    if (status !== 200) throw new Error(`dispute not raised: ${JSON.stringify(dispute)}`);
    return dispute;
  }
  /** What settlements publishes when a settlement is processed or fails. */
  const publishSettlement = (events: PublishedSettlementEvent[]) =>
    producer.send({
      topic: Topics.settlementsSettlement,
      messages: events.map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
    });
  const document = async (caller: Parameters<typeof as>[1]) =>
    (await uploadDocument(payments, caller, multipart({ name: 'proof.pdf', bytes: PDF }))).body[
      'id'
    ] as string;

  describe('raising', () => {
    it('raises a dispute on all that can be disputed, with 7 days to respond', async () => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api, { reason_code: 'product_not_received' });
      expect(dispute).toEqual({
        id: expect.stringMatching(/^disp_[0-9A-Za-z]{14}$/),
        entity: 'dispute',
        payment_id: expect.stringMatching(/^pay_/),
        amount: 50000,
        currency: 'INR',
        amount_deducted: 0,
        gateway_dispute_id: expect.stringMatching(/^\d{12}$/),
        reason_code: 'product_not_received',
        reason_description: expect.stringContaining('not received'),
        respond_by: (dispute['created_at'] as number) + 7 * DAY,
        status: 'open',
        phase: 'chargeback',
        comments: null,
        created_at: expect.any(Number),
        evidence: { ...evidence(), amount: 50000, submitted_at: null },
      });
      expect((await api.get(`/v1/disputes/${dispute['id']}`)).body).toEqual(dispute);
      expect((await api.get('/v1/disputes')).body).toMatchObject({
        entity: 'collection',
        count: 1,
        items: [dispute],
      });
    });

    it('never disputes more than captured minus refunded minus already disputed', async () => {
      const api = as(payments, newAccount());
      const paymentId = await api.captured(50000);
      await api.post(`/v1/payments/${paymentId}/refund`, { amount: 20000 });
      expect(
        await api.post('/v1/simulator/disputes', { payment_id: paymentId, amount: 30001 }),
      ).toEqual({
        status: 400,
        body: refusal(
          /may not be greater than the amount captured and neither refunded nor disputed \(30000\)/,
          'amount',
        ),
      });
      expect(
        (await api.post('/v1/simulator/disputes', { payment_id: paymentId, amount: 10000 })).body,
      ).toMatchObject({ amount: 10000 });
      expect(
        (await api.post('/v1/simulator/disputes', { payment_id: paymentId })).body,
      ).toMatchObject({ amount: 20000 });
      expect(await api.post('/v1/simulator/disputes', { payment_id: paymentId })).toEqual({
        status: 400,
        body: refusal(
          'Nothing of this payment can be disputed: it was refunded or disputed in full.',
        ),
      });
      // Money under dispute may go back through the bank: it is not refunded as well.
      expect(await api.post(`/v1/payments/${paymentId}/refund`, { amount: 1000 })).toEqual({
        status: 400,
        body: refusal(
          'Nothing of this payment can be refunded: what was not refunded is disputed.',
        ),
      });
    });

    it('is raised by the bank of the dispute test card once its payment is captured', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 40000 });
      const paymentId = (await api.pay(order['id'], { card: DISPUTE_CARD })).body[
        'razorpay_payment_id'
      ];
      expect((await api.get('/v1/disputes')).body['count']).toBe(0);
      await api.post(`/v1/payments/${paymentId}/capture`, { amount: 40000 });
      const listed = await waitFor(
        async () => ((await api.get('/v1/disputes')).body['items'] as Record<string, unknown>[])[0],
        'the test card’s dispute',
      );
      expect(listed).toMatchObject({
        payment_id: paymentId,
        amount: 40000,
        status: 'open',
        reason_code: 'product_not_received',
        phase: 'chargeback',
      });
    });

    it('is raised for the dispute test card even when its authorization lies before the payment’s snapshot', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ amount: 40000 });
      const paymentId = (await api.pay(order['id'], { card: DISPUTE_CARD })).body[
        'razorpay_payment_id'
      ];
      for (let i = 0; i < 110; i++)
        expect(
          (await api.patch(`/v1/payments/${paymentId}`, { notes: { edit: String(i) } })).status,
        ).toBe(200);
      const snapshots = await payments.app
        .get(DataSource)
        .query('SELECT version FROM stream_snapshots WHERE stream_id = $1', [paymentId]);
      expect(snapshots).toEqual([{ version: expect.any(Number) }]);
      await api.post(`/v1/payments/${paymentId}/capture`, { amount: 40000 });
      const listed = await waitFor(
        async () => ((await api.get('/v1/disputes')).body['items'] as Record<string, unknown>[])[0],
        'the test card’s dispute',
      );
      expect(listed).toMatchObject({ payment_id: paymentId, amount: 40000, status: 'open' });
      expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({
        status: 'captured',
        amount: 40000,
        notes: { edit: '109' },
      });
    }, 180_000); // over a hundred requests in a row: minutes on a loaded machine

    it.each([
      [
        { payment_id: undefined },
        'payment_id',
        'The payment_id field is required: the captured payment disputed.',
      ],
      [{ payment_id: 'pay_Unknown0000000' }, undefined, 'The id provided does not exist'],
      [{ amount: 0 }, 'amount', 'The amount must be at least 1.'],
      [
        { amount: 10.5 },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { reason_code: 'bored' },
        'reason_code',
        expect.stringContaining('The reason_code must be one of'),
      ],
      [
        { phase: 'final' },
        'phase',
        'The phase must be one of fraud, retrieval, chargeback, pre_arbitration, arbitration.',
      ],
    ])('refuses %j', async (body, field, description) => {
      const api = as(payments, newAccount());
      const paymentId = await api.captured();
      const { status, body: answer } = await api.post('/v1/simulator/disputes', {
        payment_id: paymentId,
        ...body,
      });
      expect(status).toBe(400);
      expect(answer['error']).toMatchObject({ description, ...(field ? { field } : {}) });
    });

    it('refuses uncaptured payments and live keys', async () => {
      const api = as(payments, newAccount());
      expect(
        await api.post('/v1/simulator/disputes', { payment_id: await api.authorized() }),
      ).toEqual({ status: 400, body: refusal('Only captured payments can be disputed.') });
      expect(
        (
          await as(payments, newAccount('live')).post('/v1/simulator/disputes', {
            payment_id: 'pay_Whatever00000001',
          })
        ).body,
      ).toEqual(
        refusal(
          'The simulator works with test mode keys only: live payments come from a real checkout.',
        ),
      );
    });
  });

  describe('answering', () => {
    it('accepts: lost at once, the amount deducted; a closed dispute takes no answer', async () => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api, { amount: 12000 });
      expect((await api.post(`/v1/disputes/${dispute['id']}/accept`)).body).toMatchObject({
        status: 'lost',
        amount_deducted: 12000,
      });
      expect(await api.post(`/v1/disputes/${dispute['id']}/accept`)).toEqual({
        status: 400,
        body: refusal('Only an open dispute can be accepted; this one is lost.'),
      });
      expect(await api.patch(`/v1/disputes/${dispute['id']}/contest`, { summary: 'late' })).toEqual(
        { status: 400, body: refusal('Only an open dispute can be contested; this one is lost.') },
      );
    });

    it('contests: drafts keep adding evidence, a submission puts it under review', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const dispute = await disputed(api);
      const [shipped, chat] = [await document(caller), await document(caller)];
      const draft = await api.patch(`/v1/disputes/${dispute['id']}/contest`, {
        summary: 'Delivered on 2 May, signed for.',
        shipping_proof: [shipped],
        action: 'draft',
      });
      expect(draft.body).toMatchObject({
        status: 'open',
        evidence: {
          summary: 'Delivered on 2 May, signed for.',
          shipping_proof: [shipped],
          submitted_at: null,
        },
      });
      const submitted = await api.patch(`/v1/disputes/${dispute['id']}/contest`, {
        amount: 50000,
        customer_communication: [chat],
        others: [{ type: 'photo', document_ids: [shipped] }],
        action: 'submit',
      });
      expect(submitted.body).toMatchObject({
        status: 'under_review',
        evidence: {
          amount: 50000,
          summary: 'Delivered on 2 May, signed for.',
          shipping_proof: [shipped],
          customer_communication: [chat],
          others: [{ type: 'photo', document_ids: [shipped] }],
          submitted_at: expect.any(Number),
        },
      });
      expect(await api.post(`/v1/disputes/${dispute['id']}/accept`)).toEqual({
        status: 400,
        body: refusal('Only an open dispute can be accepted; this one is under_review.'),
      });
    });

    it('closes a fraud or retrieval dispute once its information is submitted', async () => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api, { phase: 'retrieval' });
      expect(
        (
          await api.patch(`/v1/disputes/${dispute['id']}/contest`, {
            summary: 'Here is the receipt.',
            action: 'submit',
          })
        ).body,
      ).toMatchObject({ status: 'closed' });
    });

    it.each([
      [
        { summary: 'x'.repeat(1001) },
        'summary',
        'The summary may not be greater than 1000 characters.',
      ],
      [
        { amount: 50001 },
        'amount',
        'The amount may not be greater than the disputed amount (50000).',
      ],
      [
        { shipping_proof: 'doc_1' },
        'shipping_proof',
        'The shipping_proof must be an array of document ids.',
      ],
      [
        { shipping_proof: ['doc_DoesNotExist01'] },
        'shipping_proof',
        'The document doc_DoesNotExist01 does not exist.',
      ],
      [
        { others: [{ type: 'photo', document_ids: ['doc_DoesNotExist02'] }] },
        'others',
        'The document doc_DoesNotExist02 does not exist.',
      ],
      [{ action: 'maybe' }, 'action', 'The action must be draft or submit.'],
      [{ action: 'submit' }, 'summary', 'A submission needs a summary or at least one document.'],
      [{ verdict: 'won' }, 'verdict', 'verdict is/are not required and should not be sent'],
    ])('refuses the contest %j naming %s', async (body, field, description) => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api);
      expect(await api.patch(`/v1/disputes/${dispute['id']}/contest`, body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
      expect((await api.get(`/v1/disputes/${dispute['id']}`)).body['status']).toBe('open');
    });

    it('takes as evidence only documents of the same account and mode', async () => {
      const owner = newAccount();
      const api = as(payments, owner);
      const dispute = await disputed(api);
      const theirs = await document(newAccount());
      const otherMode = await document({ ...owner, mode: 'live' });
      for (const id of [theirs, otherMode]) {
        expect(
          await api.patch(`/v1/disputes/${dispute['id']}/contest`, { billing_proof: [id] }),
        ).toEqual({
          status: 400,
          body: refusal(`The document ${id} does not exist.`, 'billing_proof'),
        });
      }
    });
  });

  describe('on the account’s clock', () => {
    it('loses an unanswered dispute when respond_by passes', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const dispute = await disputed(api);
      await advanceTestClock(broker, caller.accountId, 7 * DAY + 60);
      await waitFor(
        async () => (await api.get(`/v1/disputes/${dispute['id']}`)).body['status'] === 'lost',
        'the unanswered dispute to be lost',
      );
      expect((await api.get(`/v1/disputes/${dispute['id']}`)).body).toMatchObject({
        amount_deducted: 50000,
      });
      expect(
        await as(payments, caller, 7 * DAY + 60).post(`/v1/disputes/${dispute['id']}/accept`),
      ).toEqual({
        status: 400,
        body: refusal('Only an open dispute can be accepted; this one is lost.'),
      });
    });

    it('decides a submission 3 days later: won with a document, lost on words alone', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const [backed, unbacked] = [await disputed(api), await disputed(api)];
      await api.patch(`/v1/disputes/${backed['id']}/contest`, {
        proof_of_service: [await document(caller)],
        action: 'submit',
      });
      await api.patch(`/v1/disputes/${unbacked['id']}/contest`, {
        summary: 'The customer is mistaken.',
        action: 'submit',
      });
      await advanceTestClock(broker, caller.accountId, 3 * DAY + 60);
      await waitFor(
        async () => (await api.get(`/v1/disputes/${backed['id']}`)).body['status'] === 'won',
        'the backed dispute to be won',
      );
      await waitFor(
        async () => (await api.get(`/v1/disputes/${unbacked['id']}`)).body['status'] === 'lost',
        'the unbacked dispute to be lost',
      );
      expect((await api.get(`/v1/disputes/${backed['id']}`)).body['amount_deducted']).toBe(0);
      await waitFor(
        () => published.filter((event) => event.key === backed['id']).length === 3,
        'the backed dispute’s events',
      );
      expect(
        published.filter((event) => event.key === backed['id']).map((event) => event.type),
      ).toEqual(['dispute.created', 'dispute.under_review', 'dispute.won']);
      await waitFor(
        () =>
          published.some((event) => event.key === unbacked['id'] && event.type === 'dispute.lost'),
        'dispute.lost',
      );
    });
  });

  describe('reading', () => {
    it('expands the payment in the documented and the SDK’s encodings', async () => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api);
      expect((await api.get(`/v1/disputes/${dispute['id']}`)).body).not.toHaveProperty('payment');
      const expanded = await api.get(`/v1/disputes/${dispute['id']}?expand[]=payment`);
      expect(expanded.body).toMatchObject({
        id: dispute['id'],
        payment: { id: dispute['payment_id'], entity: 'payment', status: 'captured' },
      });
      expect(expanded.body).not.toHaveProperty('transaction');
      expect(
        (await api.get(`/v1/disputes/${dispute['id']}?expand%5Bexpand%5D=payment`)).body,
      ).toHaveProperty('payment.id', dispute['payment_id']);
    });

    it('answers a 503 for the transaction of a payment settlements has not announced while settlements cannot be asked, and the rest as usual', async () => {
      const api = as(payments, newAccount());
      const dispute = await disputed(api);
      for (const expansion of ['transaction.settlement', 'transaction']) {
        expect(
          await api.get(`/v1/disputes/${dispute['id']}?expand[]=payment&expand[]=${expansion}`),
        ).toEqual({ status: 503, body: serviceUnavailable() });
      }
      expect((await api.get(`/v1/disputes/${dispute['id']}?expand[]=payment`)).body).toHaveProperty(
        'payment.id',
        dispute['payment_id'],
      );
    });

    it('expands the settled transaction once settlement.processed names the payment, with no need to ask settlements', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const dispute = await disputed(api, {}, 50000);
      const paymentId = dispute['payment_id'] as string;
      const settlement = settlementEntity({ amount: 48820 });
      await publishSettlement(
        settlementMessages(caller, [newId('pay'), paymentId, 'rfnd_Refund00000001'], {
          settlement,
        }),
      );
      const url = `/v1/disputes/${dispute['id']}?expand[]=transaction.settlement`;
      const expanded = await waitFor(async () => {
        const answer = await api.get(url);
        return answer.status === 200 ? answer.body : undefined;
      }, 'the settlement to reach payments');
      const payment = (await api.get(`/v1/payments/${paymentId}`)).body;
      const transaction = {
        id: expect.stringMatching(/^txn_[0-9A-Za-z]{14}$/),
        entity: 'transaction',
        type: 'payment',
        entity_id: paymentId,
        amount: 50000,
        currency: 'INR',
        fee: 1180,
        tax: 180,
        debit: 0,
        credit: 50000 - 1180,
        on_hold: false,
        settled: true,
        settlement_id: settlement.id,
        settled_at: SETTLED_AT,
        created_at: payment['created_at'],
      };
      expect(expanded).toEqual({ ...dispute, transaction: { ...transaction, settlement } });
      const plain = (await api.get(`/v1/disputes/${dispute['id']}?expand[]=transaction`)).body;
      expect(plain).toEqual({ ...dispute, transaction });
      expect((plain['transaction'] as Record<string, unknown>)['id']).toBe(
        (expanded['transaction'] as Record<string, unknown>)['id'],
      );
      expect(await as(payments, { ...caller, mode: 'live' }).get(url)).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
    });

    it('hides disputes from another account and from the other mode, exactly like unknown ids', async () => {
      const owner = newAccount();
      const dispute = await disputed(as(payments, owner));
      const missing = { status: 400, body: refusal('The id provided does not exist') };
      for (const stranger of [
        as(payments, newAccount()),
        as(payments, { ...owner, mode: 'live' }),
      ]) {
        expect(await stranger.get(`/v1/disputes/${dispute['id']}`)).toEqual(missing);
        expect(await stranger.post(`/v1/disputes/${dispute['id']}/accept`)).toEqual(missing);
        expect(
          await stranger.patch(`/v1/disputes/${dispute['id']}/contest`, { summary: 'mine now' }),
        ).toEqual(missing);
        expect((await stranger.get('/v1/disputes')).body['count']).toBe(0);
      }
      expect(
        await as(payments, newAccount()).post('/v1/simulator/disputes', {
          payment_id: dispute['payment_id'],
        }),
      ).toEqual(missing);
    });
  });
});
