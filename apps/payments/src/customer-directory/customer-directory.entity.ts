import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The customers billing has told payments about (billing owns them): for validating customer_id. */
@Entity('customer_directory')
export class CustomerDirectoryRow {
  @PrimaryColumn('text') id!: string;
  /** Stream version of the last billing event applied. */
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text', { nullable: true }) email!: string | null;
  @Column('text', { nullable: true }) contact!: string | null;
}
