import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer, Producer } from 'kafkajs';
import { BrokerProcess } from './broker-process';

const MESSAGE_BYTES = 1024;
const MESSAGES = 100_000;
const MESSAGES_PER_SEND = 100;
const SENDS_IN_FLIGHT = 4;
const PARTITIONS = 6;
const TARGET_PER_SECOND = 20_000;
const PACED_RATE = 5_000;
const PACED_SECONDS = 5;

export interface BenchLine {
  label: string;
  value: string;
}

/**
 * Broker throughput and latency with kafkajs: 1 KB messages, acks -1, one producer and one consumer
 * group of one member, against the standalone broker in its own process (in memory, then with a
 * data directory). The bench process runs the clients, so client and broker each get about a core.
 */
export async function runBrokerBench(): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  for (const storage of ['memory', 'data-dir'] as const) {
    const dataDir = storage === 'data-dir' ? mkdtempSync(join(tmpdir(), 'bench-kafka-')) : null;
    const broker = await BrokerProcess.start(dataDir);
    try {
      lines.push(...(await measure(broker, storage)));
    } finally {
      await broker.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return lines;
}

async function measure(broker: BrokerProcess, storage: string): Promise<BenchLine[]> {
  const kafka = new Kafka({
    brokers: broker.brokers,
    clientId: 'bench',
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({
    topics: [
      { topic: 'bench', numPartitions: PARTITIONS },
      { topic: 'paced', numPartitions: PARTITIONS },
    ],
  });
  await admin.disconnect();
  const producer = kafka.producer();
  await producer.connect();

  const cpuBefore = broker.cpuSeconds();
  const produceSeconds = await produceAll(producer);
  const produceCpu = broker.cpuSeconds() - cpuBefore;
  const consumer = kafka.consumer({ groupId: 'bench', maxBytesPerPartition: 1024 * 1024 });
  const cpuBeforeConsume = broker.cpuSeconds();
  const consumeSeconds = await consumeAll(consumer);
  const consumeCpu = broker.cpuSeconds() - cpuBeforeConsume;
  const latencies = await pacedLatencies(kafka, producer);
  await producer.disconnect();

  const produced = MESSAGES / produceSeconds;
  const consumed = MESSAGES / consumeSeconds;
  const at = (label: string): string => `${storage}, ${label}`;
  return [
    {
      label: at('produced (acks -1)'),
      value: `${fmt(produced)} msg/s, ${fmt((produced * MESSAGE_BYTES) / 2 ** 20)} MiB/s, ${ratio(produced)} of target`,
    },
    {
      label: at('consumed (group of 1)'),
      value: `${fmt(consumed)} msg/s, ${fmt((consumed * MESSAGE_BYTES) / 2 ** 20)} MiB/s, ${ratio(consumed)} of target`,
    },
    {
      label: at('broker CPU per message'),
      value: `${fmt((produceCpu * 1e6) / MESSAGES)} µs produce, ${fmt((consumeCpu * 1e6) / MESSAGES)} µs consume`,
    },
    {
      label: at(`end-to-end latency at ${fmt(PACED_RATE)} msg/s`),
      value: `p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${percentile(latencies, 100)} ms (${latencies.length} messages)`,
    },
  ];
}

async function produceAll(producer: Producer): Promise<number> {
  const value = Buffer.alloc(MESSAGE_BYTES, 'x');
  const messages = Array.from({ length: MESSAGES_PER_SEND }, (_, i) => ({
    key: `key-${i}`,
    value,
  }));
  const started = process.hrtime.bigint();
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < MESSAGES) {
      sent += MESSAGES_PER_SEND;
      await producer.send({ topic: 'bench', acks: -1, messages });
    }
  };
  await Promise.all(Array.from({ length: SENDS_IN_FLIGHT }, worker));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function consumeAll(consumer: Consumer): Promise<number> {
  await consumer.connect();
  await consumer.subscribe({ topic: 'bench', fromBeginning: true });
  let received = 0;
  let started = 0n;
  const done = new Promise<number>((resolve) => {
    void consumer.run({
      partitionsConsumedConcurrently: PARTITIONS,
      eachBatch: async ({ batch }) => {
        if (started === 0n) started = process.hrtime.bigint();
        received += batch.messages.length;
        if (received >= MESSAGES) resolve(Number(process.hrtime.bigint() - started) / 1e9);
      },
    });
  });
  const seconds = await done;
  await consumer.disconnect();
  return seconds;
}

/** Sends at a fixed rate (a few messages every 10 ms) and measures send-to-receive time per message. */
async function pacedLatencies(kafka: Kafka, producer: Producer): Promise<number[]> {
  const consumer = kafka.consumer({ groupId: 'paced', maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: 'paced', fromBeginning: false });
  const latencies: number[] = [];
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.run({
    partitionsConsumedConcurrently: PARTITIONS,
    eachBatch: async ({ batch }) => {
      const now = performance.now();
      for (const message of batch.messages)
        latencies.push(now - Number(message.headers?.['sent-at']));
    },
  });
  while (!joined) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const perTick = PACED_RATE / 100;
  const value = Buffer.alloc(MESSAGE_BYTES, 'y');
  const ticks = PACED_SECONDS * 100;
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    const messages = Array.from({ length: perTick }, (_, i) => ({
      key: `k${i}`,
      value,
      headers: { 'sent-at': String(performance.now()) },
    }));
    void producer.send({ topic: 'paced', acks: -1, messages });
    const next = started + (tick + 1) * 10;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  const expected = ticks * perTick;
  const deadline = performance.now() + 10_000;
  while (latencies.length < expected && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await consumer.disconnect();
  return latencies;
}

function percentile(values: number[], p: number): string {
  if (values.length === 0) return 'n/a';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1);
}

function fmt(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

function ratio(perSecond: number): string {
  return `${(perSecond / TARGET_PER_SECOND).toFixed(2)}×`;
}
