import { Column, PrimaryColumn } from 'typeorm';
import type { RowOrigin } from './projection';
import { bigintAsNumber } from './read-model-query';

/**
 * The columns every read-model row of a stream starts with, as `rowOrigin` fills them: the stream
 * (its id and last version applied), the tenant, and when it was created. Entities extend it.
 */
export abstract class ReadModelRow implements RowOrigin {
  @PrimaryColumn('text') id!: string;
  /** The last stream version applied (projections ignore events at or below it). */
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  /** Unix seconds. */
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  /** Milliseconds: rows created in the same second keep their order in lists. */
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
}
