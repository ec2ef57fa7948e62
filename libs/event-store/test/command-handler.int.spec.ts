import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IllegalTransition, NotFound, newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { DataSource } from 'typeorm';
import {
  CommandHandler,
  commandBatch,
  Database,
  EventStoreSchema1763800000000,
  readStream,
  StreamSnapshots1766200000000,
  rebuildProjections,
  runFlow,
} from '../src';
import type { Flow, OutboxMessage, StoredEvent } from '../src';
import type { TicketCommand, TicketEvent } from './ticket.fixture';
import {
  TicketSummaries1763800000001,
  TicketSummary,
  ticketDecider,
  ticketSummaries,
} from './ticket.fixture';

const ACCOUNT_A: CommandMetadata = { accountId: 'acc_A', mode: 'test', now: 1_700_000_000_000 };

function command<T extends TicketCommand['type']>(
  type: T,
  data: Extract<TicketCommand, { type: T }>['data'],
  metadata = ACCOUNT_A,
): TicketCommand {
  return { type, data, metadata } as TicketCommand;
}

function outboxFor(appended: readonly StoredEvent<TicketEvent>[]): OutboxMessage[] {
  return appended.map((event) => ({
    topic: 'tests.ticket',
    key: event.streamId,
    event: {
      id: randomUUID(),
      type: `ticket.${event.type}`,
      schema_version: 1,
      account_id: event.metadata.accountId,
      mode: event.metadata.mode,
      stream_id: event.streamId,
      stream_version: event.version,
      occurred_at: 0,
      correlation_id: null,
      causation_id: null,
      data: event.data,
    },
  }));
}

/**
 * A command on the ticket `streamId`, projected into the summaries with its events on the outbox;
 * `isNew` says the stream cannot exist yet, so it is not read.
 */
const ticketSpec = (streamId: string, cmd: TicketCommand, isNew = false) => ({
  decider: ticketDecider,
  streamType: 'ticket',
  streamId,
  command: cmd,
  isNew,
  projections: [ticketSummaries],
  outbox: outboxFor,
});

interface TicketStore {
  dataSource: DataSource;
  handler: CommandHandler;
  db: Database;
  close(): Promise<void>;
}

/** A fresh database with the event store and the tickets' read model. */
async function ticketStore(poolSize: number): Promise<TicketStore> {
  const database: TestDatabase = await createTestDatabase();
  const dataSource = new DataSource({
    type: 'postgres',
    url: database.url,
    entities: [TicketSummary],
    migrations: [
      EventStoreSchema1763800000000,
      StreamSnapshots1766200000000,
      TicketSummaries1763800000001,
    ],
    poolSize,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  const db = new Database(dataSource);
  return {
    dataSource,
    handler: new CommandHandler(db),
    db,
    close: async () => (await dataSource.destroy(), await database.drop()),
  };
}

describe('CommandHandler on PostgreSQL', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let db: Database;
  let store: TicketStore;

  beforeAll(async () => ({ dataSource, handler, db } = store = await ticketStore(25)));
  afterAll(() => store.close());

  const run = (streamId: string, cmd: TicketCommand, isNew = false) =>
    handler.handle(ticketSpec(streamId, cmd, isNew));

  it('appends, projects and writes the outbox in one transaction', async () => {
    const id = newId('tkt');
    const result = await run(id, command('OpenTicket', { price: 500 }), true);
    expect(result.appended.map((e) => [e.type, e.version])).toEqual([['TicketOpened', 1]]);
    expect(await dataSource.manager.findOneBy(TicketSummary, { id })).toEqual({
      id,
      version: 1,
      price: 500,
      status: 'open',
    });
    const [outbox] = await dataSource.query(
      'SELECT topic, message_key, payload FROM outbox WHERE message_key = $1',
      [id],
    );
    expect(outbox).toMatchObject({
      topic: 'tests.ticket',
      message_key: id,
      payload: { type: 'ticket.TicketOpened', stream_version: 1 },
    });
  });

  it('lets exactly one of 20 concurrent commands on one stream win; the others see its event and are refused', async () => {
    const id = newId('tkt');
    await run(id, command('OpenTicket', { price: 100 }), true);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => run(id, command('UseTicket', {}))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes
      .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
      .map((o) => o.reason);
    expect(refusals).toHaveLength(19);
    for (const reason of refusals) expect(reason).toBeInstanceOf(IllegalTransition);
    const stream = await readStream(db, { streamId: id, streamType: 'ticket' }, ACCOUNT_A);
    expect(stream.map((e) => e.type)).toEqual(['TicketOpened', 'TicketUsed']);
    expect(await dataSource.manager.findOneBy(TicketSummary, { id })).toMatchObject({
      version: 2,
      status: 'used',
    });
  });

  it('keeps streams of other accounts and modes out of sight', async () => {
    const id = newId('tkt');
    await run(id, command('OpenTicket', { price: 100 }), true);
    await expect(
      run(id, command('UseTicket', {}, { ...ACCOUNT_A, accountId: 'acc_B' })),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(
      run(id, command('UseTicket', {}, { ...ACCOUNT_A, mode: 'live' })),
    ).rejects.toBeInstanceOf(NotFound);
    expect(
      await readStream(
        db,
        { streamId: id, streamType: 'ticket' },
        { accountId: 'acc_B', mode: 'test' },
      ),
    ).toEqual([]);
    expect(await readStream(db, { streamId: id, streamType: 'another-kind' }, ACCOUNT_A)).toEqual(
      [],
    );
  });

  it('writes nothing at all when one of its writes fails: events, read model and outbox go together', async () => {
    await run(newId('tkt'), command('OpenTicket', { price: 13 }), true);
    const id = newId('tkt');
    // ticket_summaries allows one ticket priced 13 (a unique index): this projection write fails.
    await expect(run(id, command('OpenTicket', { price: 13 }), true)).rejects.toMatchObject({
      code: '23505',
    });
    const [{ events, outbox }] = await dataSource.query(
      'SELECT (SELECT count(*)::int FROM events WHERE stream_id = $1) AS events, (SELECT count(*)::int FROM outbox WHERE message_key = $1) AS outbox',
      [id],
    );
    expect({ events, outbox }).toEqual({ events: 0, outbox: 0 });
  });

  it('rebuilds the read model from the event store into exactly the live rows', async () => {
    for (let i = 0; i < 5; i++) {
      const id = newId('tkt');
      await run(id, command('OpenTicket', { price: i * 10 }), true);
      if (i % 2 === 0) await run(id, command('UseTicket', {}));
    }
    const live = await dataSource.manager.find(TicketSummary, { order: { id: 'ASC' } });
    const replayed = await rebuildProjections(db, ['ticket'], [ticketSummaries]);
    expect(replayed).toBeGreaterThanOrEqual(8);
    expect(await dataSource.manager.find(TicketSummary, { order: { id: 'ASC' } })).toEqual(live);
  });

  it('replays events across streams in the order they were written, never a stream’s later events ahead of others', async () => {
    const [first, second] = [newId('tkt'), newId('tkt')];
    await run(first, command('OpenTicket', { price: 1 }), true);
    await run(second, command('OpenTicket', { price: 2 }), true);
    await run(first, command('UseTicket', {}));
    const seen: string[] = [];
    const recorder = {
      ...ticketSummaries,
      name: 'order-recorder',
      clear: async () => undefined,
      apply: async (_tx: unknown, events: readonly StoredEvent[]) =>
        void seen.push(...events.map((event) => `${event.streamId}@${event.version}`)),
    };
    await rebuildProjections(db, ['ticket'], [recorder]);
    const mine = seen.filter((entry) => entry.startsWith(first) || entry.startsWith(second));
    expect(mine).toEqual([`${first}@1`, `${second}@1`, `${first}@2`]);
  });

  it('replays in transaction order across a power of ten of transaction ids (numbers, not text: "1000" < "999")', async () => {
    const [before, after] = [newId('tkt'), newId('tkt')];
    await run(before, command('OpenTicket', { price: 1 }), true);
    // Uses up transaction ids (one per subtransaction that writes) up to the next power of ten.
    const [{ next }] = await dataSource.query(
      'SELECT pg_current_xact_id()::text::bigint + 1 AS next',
    );
    const target = 10 ** String(Number(next)).length;
    await dataSource.query('CREATE TABLE IF NOT EXISTS xid_burner (n int)');
    await dataSource.query(
      `DO $$ BEGIN FOR i IN 1..${target - Number(next) + 1} LOOP BEGIN INSERT INTO xid_burner VALUES (i); EXCEPTION WHEN OTHERS THEN NULL; END; END LOOP; END $$`,
    );
    await run(after, command('OpenTicket', { price: 2 }), true);
    const xids = await dataSource.query(
      'SELECT stream_id, transaction_id::text AS xid FROM events WHERE stream_id = ANY($1) ORDER BY global_position',
      [[before, after]],
    );
    expect(xids.map((row: { xid: string }) => row.xid.length)).toEqual([
      String(target).length - 1,
      String(target).length,
    ]);
    const seen: string[] = [];
    const recorder = {
      ...ticketSummaries,
      name: 'order-recorder',
      clear: async () => undefined,
      apply: async (_tx: unknown, events: readonly StoredEvent[]) =>
        void seen.push(...events.map((event) => event.streamId)),
    };
    await rebuildProjections(db, ['ticket'], [recorder]);
    expect(seen.filter((id) => id === before || id === after)).toEqual([before, after]);
  });

  it('ignores events a row has already seen, so applying a stream twice changes nothing', async () => {
    const id = newId('tkt');
    const { stream } = await run(id, command('OpenTicket', { price: 7 }), true);
    await db.transaction((tx) => ticketSummaries.apply(tx, stream, { streamIsNew: false }));
    expect(await dataSource.manager.findOneBy(TicketSummary, { id })).toEqual({
      id,
      version: 1,
      price: 7,
      status: 'open',
    });
  });
});

describe('CommandHandler.handle(plan): a second stream from the first one’s decision', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let store: TicketStore;

  beforeAll(async () => ({ dataSource, handler } = store = await ticketStore(25)));
  afterAll(() => store.close());

  const spec = (streamId: string, cmd: TicketCommand, isNew = false) => ({
    ...ticketSpec(streamId, cmd, isNew),
    outbox: undefined,
  });
  const open = (id: string, price: number) =>
    handler.handle(spec(id, command('OpenTicket', { price }), true));
  /** Using a ticket opens a receipt for the price it had: the receipt follows the use's decision. */
  const useWithReceipt = (ticketId: string, receiptId: string) =>
    handler.handle({
      scope: ACCOUNT_A,
      run: async (unit) => {
        const used = await unit.decide(spec(ticketId, command('UseTicket', {})));
        const opened = used.stream.find((event) => event.type === 'TicketOpened');
        const receipt =
          used.appended.length > 0 && opened?.type === 'TicketOpened'
            ? await unit.decide(
                spec(receiptId, command('OpenTicket', { price: opened.data.price }), true),
              )
            : null;
        return [used, receipt] as const;
      },
    });
  const summary = (id: string) => dataSource.manager.findOneBy(TicketSummary, { id });

  it('writes both streams together, the second built from what the first decided', async () => {
    const [ticket, receipt] = [newId('tkt'), newId('tkt')];
    await open(ticket, 700);
    const [used, opened] = await useWithReceipt(ticket, receipt);
    expect(used.appended.map((event) => event.type)).toEqual(['TicketUsed']);
    expect(opened?.appended.map((event) => event.type)).toEqual(['TicketOpened']);
    expect(await summary(receipt)).toMatchObject({ price: 700, status: 'open' });
    expect(await summary(ticket)).toMatchObject({ status: 'used' });
  });

  it('writes nothing when the first is refused: the follow-up is never built', async () => {
    const [ticket, receipt] = [newId('tkt'), newId('tkt')];
    await expect(useWithReceipt(ticket, receipt)).rejects.toBeInstanceOf(NotFound);
    expect(await summary(receipt)).toBeNull();
  });

  it('gives exactly one of 20 concurrent uses its receipt; the others are refused and write nothing', async () => {
    const ticket = newId('tkt');
    await open(ticket, 300);
    const receipts = Array.from({ length: 20 }, () => newId('tkt'));
    const outcomes = await Promise.allSettled(receipts.map((id) => useWithReceipt(ticket, id)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const written = await dataSource.query(
      'SELECT count(*)::int AS n FROM ticket_summaries WHERE id = ANY($1)',
      [receipts],
    );
    expect(written).toEqual([{ n: 1 }]);
  });
});

describe('runFlow: a flow’s four steps as one command', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let db: Database;
  let store: TicketStore;

  beforeAll(async () => ({ dataSource, handler, db } = store = await ticketStore(5)));
  afterAll(() => store.close());

  /** Uses a ticket and opens its receipt; publishes one message about both; answers the receipt's price. */
  const useWithReceipt: Flow<
    { metadata: CommandMetadata; ticketId: string; receiptId: string },
    { price: number },
    { receipt: { appended: readonly StoredEvent[] } },
    number
  > = {
    load: async (reader, { ticketId }) => {
      const { state } = await reader.read(
        { streamType: 'ticket', decider: ticketDecider },
        ticketId,
      );
      if (state.status === 'none') throw new NotFound();
      if (state.status === 'used') throw new IllegalTransition('ticket already used');
      return { price: state.price };
    },
    decide: async (unit, { price }, { metadata, ticketId, receiptId }) => {
      await unit.decide(ticketSpec(ticketId, command('UseTicket', {}, metadata)));
      const receipt = await unit.decide(
        ticketSpec(receiptId, command('OpenTicket', { price }, metadata), true),
      );
      return { receipt };
    },
    publish: ({ receipt }) =>
      outboxFor(receipt.appended as StoredEvent<TicketEvent>[]).map((message) => ({
        ...message,
        event: { ...message.event, type: 'ticket.receipted' },
      })),
    answer: ({ receipt }) => {
      const opened = receipt.appended[0];
      return opened.type === 'TicketOpened' ? (opened.data as { price: number }).price : 0;
    },
  };

  it('writes both streams, their own messages and the flow’s, in that order, and answers', async () => {
    const [ticketId, receiptId] = [newId('tkt'), newId('tkt')];
    await handler.handle(ticketSpec(ticketId, command('OpenTicket', { price: 90 }), true));
    const answer = await runFlow(handler, useWithReceipt, {
      metadata: ACCOUNT_A,
      ticketId,
      receiptId,
    });
    expect(answer).toBe(90);
    const outbox = await dataSource.query(
      'SELECT message_key, payload->>$2 AS type FROM outbox WHERE message_key = ANY($1) ORDER BY position',
      [[ticketId, receiptId], 'type'],
    );
    expect(outbox).toEqual([
      { message_key: ticketId, type: 'ticket.TicketOpened' },
      { message_key: ticketId, type: 'ticket.TicketUsed' },
      { message_key: receiptId, type: 'ticket.TicketOpened' },
      { message_key: receiptId, type: 'ticket.receipted' },
    ]);
  });

  it('writes nothing when its load refuses', async () => {
    const receiptId = newId('tkt');
    await expect(
      runFlow(handler, useWithReceipt, { metadata: ACCOUNT_A, ticketId: newId('tkt'), receiptId }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await readStream(db, { streamId: receiptId, streamType: 'ticket' }, ACCOUNT_A)).toEqual(
      [],
    );
  });

  it('in a caller’s transaction, rolls both streams back with the caller', async () => {
    const [ticketId, receiptId] = [newId('tkt'), newId('tkt')];
    await handler.handle(ticketSpec(ticketId, command('OpenTicket', { price: 91 }), true));
    await expect(
      db.transaction(async (tx) => {
        await runFlow(
          handler,
          useWithReceipt,
          { metadata: ACCOUNT_A, ticketId, receiptId },
          { runner: tx },
        );
        throw new Error('the caller fails after the flow');
      }),
    ).rejects.toThrow('the caller fails after the flow');
    const ticket = await readStream(db, { streamId: ticketId, streamType: 'ticket' }, ACCOUNT_A);
    expect(ticket.map((event) => event.type)).toEqual(['TicketOpened']);
    expect(await readStream(db, { streamId: receiptId, streamType: 'ticket' }, ACCOUNT_A)).toEqual(
      [],
    );
  });
});

describe('CommandHandler.handle in a caller’s transaction (runner)', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let db: Database;
  let store: TicketStore;

  beforeAll(async () => {
    ({ dataSource, handler, db } = store = await ticketStore(5));
    await dataSource.query('CREATE TABLE caller_writes (ticket_id text NOT NULL)');
  });
  afterAll(() => store.close());

  const summary = (id: string) => dataSource.manager.findOneBy(TicketSummary, { id });
  /** The caller's own write in its transaction (a consumer's inbox row, say). */
  const marker = (tx: { query: Database['query'] }, id: string) =>
    tx.query(
      { name: 'test.caller-write', text: 'INSERT INTO caller_writes (ticket_id) VALUES ($1)' },
      [id],
    );
  const markers = async (id: string) =>
    (
      await dataSource.query('SELECT count(*)::int AS n FROM caller_writes WHERE ticket_id = $1', [
        id,
      ])
    )[0].n;

  it('commits the command with the caller’s other writes, and rolls it back with them', async () => {
    const [kept, dropped] = [newId('tkt'), newId('tkt')];
    await db.transaction(async (tx) => {
      await handler.handle(ticketSpec(kept, command('OpenTicket', { price: 80 }), true), {
        runner: tx,
      });
      await marker(tx, kept);
    });
    await expect(
      db.transaction(async (tx) => {
        await handler.handle(ticketSpec(dropped, command('OpenTicket', { price: 81 }), true), {
          runner: tx,
        });
        await marker(tx, dropped);
        throw new Error('the caller fails after the command');
      }),
    ).rejects.toThrow('the caller fails after the command');
    expect([await summary(kept), await markers(kept)]).toEqual([
      { id: kept, version: 1, price: 80, status: 'open' },
      1,
    ]);
    expect([await summary(dropped), await markers(dropped)]).toEqual([null, 0]);
    expect(await readStream(db, { streamId: dropped, streamType: 'ticket' }, ACCOUNT_A)).toEqual(
      [],
    );
  });

  it('decides again after losing a race, without aborting the caller’s transaction', async () => {
    const id = newId('tkt');
    await handler.handle(ticketSpec(id, command('OpenTicket', { price: 82 }), true));
    // Another writer uses the ticket between the command's read and its write: the retry is refused.
    const refusal = await db.transaction(async (tx) => {
      let raced = false;
      const runner = {
        table: tx.table,
        query: async <Row>(
          statement: Parameters<typeof tx.query>[0],
          values?: readonly unknown[],
        ) => {
          const rows = await tx.query<Row>(statement, values);
          if (!raced && statement.name === 'event-store.read-stream') {
            raced = true;
            await handler.handle(ticketSpec(id, command('UseTicket', {})));
          }
          return rows;
        },
      };
      const refused = await handler
        .handle(ticketSpec(id, command('UseTicket', {})), { runner })
        .catch((error: unknown) => error);
      await marker(tx, id); // the transaction is still usable
      return refused;
    });
    expect(refusal).toBeInstanceOf(IllegalTransition);
    expect(
      (await readStream(db, { streamId: id, streamType: 'ticket' }, ACCOUNT_A)).map(
        (event) => event.type,
      ),
    ).toEqual(['TicketOpened', 'TicketUsed']);
    expect(await markers(id)).toBe(1);
  });
});

describe('CommandHandler.handle(commandBatch(…)) on PostgreSQL', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let db: Database;
  let store: TicketStore;

  beforeAll(async () => ({ dataSource, handler, db } = store = await ticketStore(5)));
  afterAll(() => store.close());

  const summary = (id: string) => dataSource.manager.findOneBy(TicketSummary, { id });

  it('decides commands on many streams together and writes events, read models and outbox in one statement', async () => {
    const [a, b, c] = [newId('tkt'), newId('tkt'), newId('tkt')];
    await handler.handle(ticketSpec(c, command('OpenTicket', { price: 30 }), true));
    const outcomes = await handler.handle(
      commandBatch([
        ticketSpec(a, command('OpenTicket', { price: 10 })),
        ticketSpec(b, command('OpenTicket', { price: 20 })),
        ticketSpec(c, command('UseTicket', {})),
      ]),
    );
    expect(
      outcomes.map((outcome) =>
        outcome.result?.appended.map((event) => [event.streamId, event.type, event.version]),
      ),
    ).toEqual([[[a, 'TicketOpened', 1]], [[b, 'TicketOpened', 1]], [[c, 'TicketUsed', 2]]]);
    expect(
      outcomes.every((outcome) =>
        outcome.result?.appended.every((event) => event.globalPosition > 0),
      ),
    ).toBe(true);
    expect([await summary(a), await summary(b), await summary(c)]).toEqual([
      { id: a, version: 1, price: 10, status: 'open' },
      { id: b, version: 1, price: 20, status: 'open' },
      { id: c, version: 2, price: 30, status: 'used' },
    ]);
    const outbox = await dataSource.query(
      'SELECT message_key, payload->>$2 AS type FROM outbox WHERE message_key = ANY($1) ORDER BY position',
      [[a, b, c], 'type'],
    );
    expect(outbox).toEqual([
      { message_key: c, type: 'ticket.TicketOpened' },
      { message_key: a, type: 'ticket.TicketOpened' },
      { message_key: b, type: 'ticket.TicketOpened' },
      { message_key: c, type: 'ticket.TicketUsed' },
    ]);
  });

  it('decides commands on one stream in order, each on the history the one before made', async () => {
    const id = newId('tkt');
    const outcomes = await handler.handle(
      commandBatch([
        ticketSpec(id, command('OpenTicket', { price: 40 })),
        ticketSpec(id, command('UseTicket', {})),
        ticketSpec(id, command('UseTicket', {})),
      ]),
    );
    expect(outcomes[2].refused).toBeInstanceOf(IllegalTransition);
    const stream = await readStream(db, { streamId: id, streamType: 'ticket' }, ACCOUNT_A);
    expect(stream.map((event) => [event.type, event.version])).toEqual([
      ['TicketOpened', 1],
      ['TicketUsed', 2],
    ]);
    expect(stream[0].globalPosition).toBeLessThan(stream[1].globalPosition);
    expect(await summary(id)).toEqual({ id, version: 2, price: 40, status: 'used' });
  });

  it('reports a refused command and still writes the others', async () => {
    const [missing, fresh] = [newId('tkt'), newId('tkt')];
    const outcomes = await handler.handle(
      commandBatch([
        ticketSpec(missing, command('UseTicket', {})),
        ticketSpec(fresh, command('OpenTicket', { price: 50 })),
      ]),
    );
    expect(outcomes[0].refused).toBeInstanceOf(NotFound);
    expect(outcomes[1].result?.appended).toHaveLength(1);
    expect(await summary(fresh)).toMatchObject({ status: 'open' });
  });

  it('decides a batch again after losing a race in a caller’s transaction, which goes on', async () => {
    const [id, other] = [newId('tkt'), newId('tkt')];
    await handler.handle(ticketSpec(id, command('OpenTicket', { price: 60 }), true));
    // Another writer uses the ticket between the batch's read and its write.
    const outcomes = await db.transaction((tx) => {
      let read = false;
      const runner = {
        table: tx.table,
        query: async <Row>(
          statement: Parameters<typeof tx.query>[0],
          values?: readonly unknown[],
        ) => {
          const rows = await tx.query<Row>(statement, values);
          if (!read) {
            read = true;
            await handler.handle(ticketSpec(id, command('UseTicket', {})));
          }
          return rows;
        },
      };
      return handler.handle(
        commandBatch([
          ticketSpec(other, command('OpenTicket', { price: 61 })),
          ticketSpec(id, command('UseTicket', {})),
        ]),
        { runner },
      );
    });
    expect(outcomes[0].result?.appended.map((event) => event.type)).toEqual(['TicketOpened']);
    expect(outcomes[1].refused).toBeInstanceOf(IllegalTransition);
    expect(await summary(other)).toMatchObject({ price: 61, status: 'open' });
    expect(
      (await readStream(db, { streamId: id, streamType: 'ticket' }, ACCOUNT_A)).map(
        (event) => event.type,
      ),
    ).toEqual(['TicketOpened', 'TicketUsed']);
  });

  it('hands a projection that has writeBatch every changed stream at once', async () => {
    const seen: number[] = [];
    const batched = {
      ...ticketSummaries,
      writeBatch: (runner: Database, changes: readonly { stream: readonly StoredEvent[] }[]) => (
        seen.push(changes.length),
        changes.flatMap((change) =>
          ticketSummaries.write(runner, { stream: change.stream, appended: [] }),
        )
      ),
    };
    const ids = [newId('tkt'), newId('tkt'), newId('tkt')];
    await handler.handle(
      commandBatch(
        ids.map((id, i) => ({
          ...ticketSpec(id, command('OpenTicket', { price: 70 + i })),
          projections: [batched],
        })),
      ),
    );
    expect(seen).toEqual([3]);
    expect((await Promise.all(ids.map(summary))).map((row) => row?.price)).toEqual([70, 71, 72]);
  });
});
