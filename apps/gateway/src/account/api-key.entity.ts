import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('api_keys')
export class ApiKeyRow {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  /** SHA-256 of the secret: what authentication compares. */
  @Column('bytea', { name: 'secret_hash' }) secretHash!: Buffer;
  /** The secret sealed under KEY_SECRET_KEY (sealSecret), for signing Checkout's answers; null for a key made before, until it is next used. */
  @Column('text', { name: 'sealed_secret', nullable: true }) sealedSecret!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}
