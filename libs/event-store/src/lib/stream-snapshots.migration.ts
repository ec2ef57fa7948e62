import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Aggregate state kept with the stream (see stream-snapshot.ts): a command reads the latest snapshot
 * of its decider's version and the events after it, instead of the whole stream.
 */
export class StreamSnapshots1766200000000 implements MigrationInterface {
  name = 'StreamSnapshots1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE stream_snapshots (
        stream_id text NOT NULL,
        version integer NOT NULL,
        stream_type text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        snapshot_version integer NOT NULL,
        state jsonb NOT NULL,
        views jsonb NOT NULL,
        complete boolean NOT NULL,
        latest_now bigint NOT NULL,
        CONSTRAINT stream_snapshots_pkey PRIMARY KEY (stream_id, version)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE stream_snapshots');
  }
}
