import type { Command, Decider, Event } from '@platform/domain-kit';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  EventStoreSchema1763800000000,
  IdempotentOutcomes1765400000000,
  rowProjection,
  StreamSnapshots1766200000000,
} from '../src';

/**
 * A long-lived aggregate for the snapshot tests: a tally that is added to without end, like a QR
 * code's payments. Its state counts the additions and sums them.
 */
export type TallyEvent = Event<'Added', { by: number }>;
export type TallyCommand = Command<'Add', { by: number }>;
export interface Tally {
  count: number;
  total: number;
}

export const tallyDecider: Decider<Tally, TallyCommand, TallyEvent> = {
  initialState: () => ({ count: 0, total: 0 }),
  evolve: (state, event) => ({ count: state.count + 1, total: state.total + event.data.by }),
  decide: (command) => ({ type: 'Added', data: { by: command.data.by } }),
  snapshotVersion: 1,
};

@Entity('tally_rows')
export class TallyRow {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('integer') count!: number;
  @Column('integer') total!: number;
}

export const tallyRows = rowProjection<TallyRow>({
  name: 'tally-rows',
  entity: TallyRow,
  canHandle: ['Added'],
  evolve: (row, event) => ({
    id: event.streamId,
    version: event.version,
    count: (row?.count ?? 0) + 1,
    total: (row?.total ?? 0) + (event.data as { by: number }).by,
  }),
});

export class TallyRows1766200000001 implements MigrationInterface {
  name = 'TallyRows1766200000001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE tally_rows (id text PRIMARY KEY, version integer NOT NULL, count integer NOT NULL, total integer NOT NULL)',
    );
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE tally_rows');
  }
}

/** A data source on `url` with the event store, snapshots and the tally read model migrated. */
export async function tallyDataSource(url: string, poolSize: number): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    entities: [TallyRow],
    migrations: [
      EventStoreSchema1763800000000,
      IdempotentOutcomes1765400000000,
      StreamSnapshots1766200000000,
      TallyRows1766200000001,
    ],
    poolSize,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}
