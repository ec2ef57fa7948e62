import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import { openSecret, sealSecret, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { ExpiringSet } from '../cache/expiring-set';
import { isPromise, thenApply } from '../cache/maybe-promise';
import type { MaybePromise } from '../cache/maybe-promise';
import { NotifiedCacheRegistry } from '../cache/notified-cache';
import type { GatewayConfig } from '../gateway.config';
import { ApiKeyRow } from './api-key.entity';
import { hashSecret, newKeyId, newKeySecret, secretMatches } from './key-secret';

export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
  mode: Mode;
}

/** What Checkout needs of a key id: whose it is, and the secret it signs with (null: none kept yet). */
export interface CheckoutKey extends AuthenticatedKey {
  /** The account's name, which the checkout shows the customer. */
  merchantName: string;
  secret: string | null;
}

interface CachedKey {
  accountId: string;
  mode: Mode;
  merchantName: string;
  hash: Buffer;
  sealedSecret: string | null;
}

/**
 * Revocations and seals are announced on it. (Its name predates sealing; a replica of the previous
 * release still listens on it, and must hear revocations during a rolling deploy.)
 */
const KEY_CHANGED_CHANNEL = 'api_key_revoked';
const REFUSED_KEY_TTL_MS = 60_000;
const REFUSED_KEYS_KEPT = 10_000;

const LOAD = sql(
  'api-keys.load',
  `SELECT k.account_id, k.mode, k.secret_hash, k.sealed_secret, a.name AS merchant_name
   FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = $1 AND k.revoked_at IS NULL`,
);
const SEAL = sql(
  'api-keys.seal',
  `WITH sealed AS (UPDATE api_keys SET sealed_secret = $2 WHERE id = $1 AND sealed_secret IS NULL RETURNING id)
   SELECT pg_notify('${KEY_CHANGED_CHANNEL}', id) FROM sealed`,
);
const SIGNING_KEY = sql(
  'api-keys.signing-key',
  `SELECT id FROM api_keys WHERE account_id = $1 AND mode = $2 AND revoked_at IS NULL AND sealed_secret IS NOT NULL
   ORDER BY created_at DESC LIMIT 1`,
);

/**
 * Checks API key pairs and keeps their secrets sealed for Checkout. Active keys are cached after
 * their first use; a revocation (or a seal) removes the key from this cache at once and, through
 * NOTIFY, from every other gateway replica's.
 */
@Injectable()
export class ApiKeyRegistry extends NotifiedCacheRegistry<CachedKey | null> {
  private readonly logger = new Logger(ApiKeyRegistry.name);
  private readonly sealingKey: Buffer;
  /** Seals being written, by key id: concurrent first requests of an old key write one. */
  private readonly sealing = new Map<string, Promise<void>>();
  /**
   * Unknown and revoked key ids, briefly, so asking again costs no database lookup. Safe to keep: a
   * revocation is final, and a new key's id is random, so nobody can have asked for it before.
   */
  private readonly refused = new ExpiringSet({
    ttlMs: REFUSED_KEY_TTL_MS,
    maxEntries: REFUSED_KEYS_KEPT,
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    // Active keys only: an unknown or revoked key id is not kept (anyone can send any id).
    super(options.config.DATABASE_URL, KEY_CHANGED_CHANNEL, (key) => key !== null);
    this.sealingKey = (options.config as GatewayConfig).keySecretKey;
  }

  /** A new key pair of the account: its secret is in this answer only, and stored hashed and sealed. */
  async create(accountId: string, mode: Mode): Promise<{ key: ApiKeyRow; secret: string }> {
    const secret = newKeySecret();
    const key = await this.dataSource.manager.save(ApiKeyRow, {
      id: newKeyId(mode),
      accountId,
      mode,
      secretHash: hashSecret(secret),
      sealedSecret: sealSecret(secret, this.sealingKey),
      revokedAt: null,
    });
    return { key, secret };
  }

  /**
   * Every refusal does the same work as a wrong secret for an active key: the secret is hashed and
   * compared (against a dummy hash when there is no key), and the key comes from memory once looked
   * up, so timing tells nothing about which key ids exist. A key made before secrets were kept is
   * sealed on its first success; that request waits for the one write, no later one does.
   */
  authenticate(keyId: string, secret: string): MaybePromise<AuthenticatedKey | null> {
    const key = this.find(keyId);
    return isPromise(key)
      ? key.then((found) => this.admit(keyId, secret, found))
      : this.admit(keyId, secret, key);
  }

  /** The key as Checkout uses it, by its id alone; null for an unknown or revoked key. */
  checkoutKey(keyId: string): MaybePromise<CheckoutKey | null> {
    return thenApply(this.find(keyId), (key) =>
      key === null
        ? null
        : {
            keyId,
            accountId: key.accountId,
            mode: key.mode,
            merchantName: key.merchantName,
            secret:
              key.sealedSecret === null ? null : openSecret(key.sealedSecret, this.sealingKey),
          },
    );
  }

  private admit(
    keyId: string,
    secret: string,
    key: CachedKey | null,
  ): MaybePromise<AuthenticatedKey | null> {
    if (!secretMatches(secret, key?.hash ?? null) || !key) return null;
    const found: AuthenticatedKey = { keyId, accountId: key.accountId, mode: key.mode };
    return key.sealedSecret === null ? this.seal(keyId, secret).then(() => found) : found;
  }

  /** The newest active key of the account and mode that Checkout can sign with, or null. */
  async signingKeyOf(accountId: string, mode: Mode): Promise<string | null> {
    const [row] = await this.database.query<{ id: string }>(SIGNING_KEY, [accountId, mode]);
    return row?.id ?? null;
  }

  /** Marks the key revoked; returns false if it does not exist or was already revoked. */
  async revoke(keyId: string): Promise<boolean> {
    const revoked: unknown[] = await this.dataSource.query(
      `WITH revoked AS (UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id)
       SELECT pg_notify('${KEY_CHANGED_CHANNEL}', id) FROM revoked`,
      [keyId],
    );
    this.cache.delete(keyId);
    return revoked.length > 0;
  }

  /**
   * Keeps the secret the caller proved it has. Whichever replica writes first wins (the others'
   * update finds the seal there); every replica then reloads the key. A failure is logged, not the
   * caller's: the request was authenticated, and the next one tries again.
   */
  private seal(keyId: string, secret: string): Promise<void> {
    let sealing = this.sealing.get(keyId);
    if (!sealing) {
      sealing = this.database
        .query(SEAL, [keyId, sealSecret(secret, this.sealingKey)])
        .then(
          () => this.cache.delete(keyId),
          (error: unknown) =>
            this.logger.warn({ msg: 'a key secret could not be sealed', keyId, err: error }),
        )
        .finally(() => this.sealing.delete(keyId));
      this.sealing.set(keyId, sealing);
    }
    return sealing;
  }

  private find(keyId: string): MaybePromise<CachedKey | null> {
    if (this.refused.has(keyId)) return null;
    return thenApply(
      this.cache.get(keyId, () => this.load(keyId)),
      (key) => {
        if (!key) this.refused.add(keyId);
        return key;
      },
    );
  }

  private async load(keyId: string): Promise<CachedKey | null> {
    const [row] = await this.database.query<{
      account_id: string;
      mode: Mode;
      secret_hash: Buffer;
      sealed_secret: string | null;
      merchant_name: string;
    }>(LOAD, [keyId]);
    if (!row) return null;
    return {
      accountId: row.account_id,
      mode: row.mode,
      merchantName: row.merchant_name,
      hash: row.secret_hash,
      sealedSecret: row.sealed_secret,
    };
  }
}
