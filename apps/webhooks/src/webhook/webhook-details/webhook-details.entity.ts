import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per webhook that is not deleted: what the API lists and what deliveries are matched against. */
@Entity('webhooks')
export class WebhookDetailsRow extends ReadModelRow {
  @Column('text') url!: string;
  @Column('jsonb') events!: string[];
  @Column('boolean') active!: boolean;
  @Column('text', { name: 'sealed_secret', nullable: true }) sealedSecret!: string | null;
  @Column('text', { name: 'alert_email', nullable: true }) alertEmail!: string | null;
  /** Unix seconds. */
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
  @Column('bigint', { name: 'disabled_at', nullable: true, transformer: bigintAsNumber })
  disabledAt!: number | null;
}
