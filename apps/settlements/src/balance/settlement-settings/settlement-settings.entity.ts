import { ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per account and mode that changed its settlement settings (the others have the defaults). */
@Entity('settlement_settings')
export class SettlementSettingsRow extends ReadModelRow {
  @Column('integer', { name: 'delay_days' }) delayDays!: number;
  @Column('boolean', { name: 'bank_transfers_fail' }) bankTransfersFail!: boolean;
}
