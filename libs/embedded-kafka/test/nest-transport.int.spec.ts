import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ClientKafka,
  EventPattern,
  MessagePattern,
  Payload,
  Transport,
} from '@nestjs/microservices';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import type { RunningBroker } from '../src';
import { QUICK_GROUP_TIMINGS, startTestBroker, waitFor } from './support/kafka-test-kit';

const captured: unknown[] = [];

@Controller()
class PaymentEventsController {
  @EventPattern('payments.payment.captured')
  onCaptured(@Payload() event: unknown): void {
    captured.push(event);
  }

  @MessagePattern('payments.fee.quote')
  quoteFee(@Payload() request: { amount: number }): { fee: number } {
    return { fee: (request.amount * 2) / 100 };
  }
}

@Module({ controllers: [PaymentEventsController] })
class PaymentEventsModule {}

describe('the NestJS Kafka transport', () => {
  let broker: RunningBroker;
  let service: INestMicroservice;
  let client: ClientKafka;

  beforeAll(async () => {
    broker = await startTestBroker();
    const retry = { initialRetryTime: 100, retries: 10 };
    service = await NestFactory.createMicroservice<MicroserviceOptions>(PaymentEventsModule, {
      transport: Transport.KAFKA,
      options: {
        client: { clientId: 'payments', brokers: broker.brokers, retry },
        consumer: { groupId: 'payments', ...QUICK_GROUP_TIMINGS },
        subscribe: { fromBeginning: true },
      },
      logger: false,
    });
    await service.listen();
    client = new ClientKafka({
      client: { clientId: 'billing', brokers: broker.brokers, retry },
      consumer: { groupId: 'billing', ...QUICK_GROUP_TIMINGS },
    });
    client.subscribeToResponseOf('payments.fee.quote');
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await service?.close();
    await broker.stop();
  });

  it('delivers events emitted by a ClientKafka to an @EventPattern handler', async () => {
    await lastValueFrom(client.emit('payments.payment.captured', { id: 'pay_1', amount: 50000 }));
    await lastValueFrom(
      client.emit('payments.payment.captured', {
        key: 'pay_2',
        value: { id: 'pay_2', amount: 100 },
      }),
    );
    await waitFor(() => captured.length === 2, 'both events at the handler');
    expect(captured).toEqual([
      { id: 'pay_1', amount: 50000 },
      { id: 'pay_2', amount: 100 },
    ]);
  });

  it('answers a @MessagePattern request on the reply topic', async () => {
    await expect(
      lastValueFrom(client.send('payments.fee.quote', { amount: 10000 })),
    ).resolves.toEqual({ fee: 200 });
  });
});
