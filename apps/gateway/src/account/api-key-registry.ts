import { Inject, Injectable } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { ExpiringSet } from '../cache/expiring-set';
import { thenApply } from '../cache/maybe-promise';
import type { MaybePromise } from '../cache/maybe-promise';
import { NotifiedCacheRegistry } from '../cache/notified-cache';
import { ApiKeyRow } from './api-key.entity';
import { secretMatches } from './key-secret';

export interface AuthenticatedKey {
  keyId: string;
  accountId: string;
  mode: Mode;
}

interface CachedKey {
  accountId: string;
  mode: Mode;
  hash: Buffer;
}

const REVOKED_CHANNEL = 'api_key_revoked';
const REFUSED_KEY_TTL_MS = 60_000;
const REFUSED_KEYS_KEPT = 10_000;

/**
 * Checks API key pairs. Active keys are cached after their first use; a revocation removes the key
 * from this cache at once and, through NOTIFY, from every other gateway replica's.
 */
@Injectable()
export class ApiKeyRegistry extends NotifiedCacheRegistry<CachedKey | null> {
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
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    // Active keys only: an unknown or revoked key id is not kept (anyone can send any id).
    super(options.config.DATABASE_URL, REVOKED_CHANNEL, (key) => key !== null);
  }

  /**
   * Every refusal does the same work as a wrong secret for an active key: the secret is hashed and
   * compared (against a dummy hash when there is no key), and the key comes from memory once looked
   * up, so timing tells nothing about which key ids exist.
   */
  authenticate(keyId: string, secret: string): MaybePromise<AuthenticatedKey | null> {
    return thenApply(this.find(keyId), (key) => {
      if (!secretMatches(secret, key?.hash ?? null) || !key) return null;
      return { keyId, accountId: key.accountId, mode: key.mode };
    });
  }

  /** Marks the key revoked; returns false if it does not exist or was already revoked. */
  async revoke(keyId: string): Promise<boolean> {
    const revoked: unknown[] = await this.dataSource.query(
      `WITH revoked AS (UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id)
       SELECT pg_notify('${REVOKED_CHANNEL}', id) FROM revoked`,
      [keyId],
    );
    this.cache.delete(keyId);
    return revoked.length > 0;
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
    const row = await this.dataSource.manager.findOneBy(ApiKeyRow, { id: keyId });
    if (!row || row.revokedAt !== null) return null;
    return { accountId: row.accountId, mode: row.mode, hash: row.secretHash };
  }
}
