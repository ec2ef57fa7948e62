import 'reflect-metadata';
import { Topics } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { admin, startGatewayBeforeSettlements } from './gateway-calls';
import { startSettlementsService } from './settlements-upstream';
import type { SettlementsService } from './settlements-upstream';

describe('the admin API’s dead letters, forwarded to the service that keeps them', () => {
  let broker: RunningBroker;
  let settlements: SettlementsService;
  let gateway: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startTestBroker();
    settlements = await startSettlementsService(broker);
    gateway = await startGatewayBeforeSettlements(broker, settlements.url);
    const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    await producer.send({
      topic: Topics.paymentsPayment,
      messages: [{ key: 'junk', value: 'not an event' }],
    });
    await producer.disconnect();
  });

  afterAll(async () => {
    await gateway?.close();
    await settlements?.close();
    await broker?.stop();
  });

  it('lists a service’s dead letters and replays one or all of them', async () => {
    const listed = await waitFor(async () => {
      const { status, body } = await admin(
        gateway,
        'GET',
        '/admin/v1/dead_letters?service=settlements',
      );
      return status === 200 && body['count'] === 1 ? body : null;
    }, 'the junk message to be a dead letter of settlements');
    const [letter] = listed['items'] as Record<string, unknown>[];
    expect(letter).toMatchObject({
      topic: Topics.paymentsPayment,
      key: 'junk',
      value: 'not an event',
      consumer: 'settlements',
      attempts: 1,
      error: 'the message is not JSON',
      replayed_at: null,
    });

    expect(
      await admin(
        gateway,
        'POST',
        `/admin/v1/dead_letters/settlements/${letter['id'] as string}/replay`,
      ),
    ).toEqual({
      status: 200,
      body: { id: letter['id'], outcome: 'failed', error: 'the message is not JSON', attempts: 2 },
    });
    expect(await admin(gateway, 'POST', '/admin/v1/dead_letters/settlements/replay_all')).toEqual({
      status: 200,
      body: {
        entity: 'collection',
        count: 1,
        items: [
          { id: letter['id'], outcome: 'failed', error: 'the message is not JSON', attempts: 3 },
        ],
      },
    });
    expect(
      (await admin(gateway, 'GET', '/admin/v1/dead_letters?service=settlements&all=1')).body,
    ).toMatchObject({ count: 1, items: [{ id: letter['id'], attempts: 3 }] });
  });

  it('refuses an unknown service or dead letter in the error envelope, and callers without the admin token', async () => {
    expect(await admin(gateway, 'GET', '/admin/v1/dead_letters?service=gateway')).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', field: 'service' } },
    });
    expect(await admin(gateway, 'GET', '/admin/v1/dead_letters')).toMatchObject({
      status: 400,
      body: { error: { field: 'service' } },
    });
    expect(
      await admin(gateway, 'POST', '/admin/v1/dead_letters/settlements/987654/replay'),
    ).toMatchObject({
      status: 400,
      body: { error: { description: 'The id provided does not exist' } },
    });
    expect(
      (
        await admin(
          gateway,
          'GET',
          '/admin/v1/dead_letters?service=settlements',
          undefined,
          'wrong-token',
        )
      ).status,
    ).toBe(401);
  });
});
