import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per catalogue item (deleted items have none): what GET /v1/items[/:id] reads. */
@Entity('items')
export class ItemDetailsRow extends ReadModelRow {
  @Column('text') name!: string;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('boolean') active!: boolean;
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
}
