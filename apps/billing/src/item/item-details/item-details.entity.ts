import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per catalogue item (deleted items have none): what GET /v1/items[/:id] reads. */
@Entity('items')
export class ItemDetailsRow {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text') name!: string;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('boolean') active!: boolean;
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
}
