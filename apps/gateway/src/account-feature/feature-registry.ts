import { Inject, Injectable } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { MaybePromise } from '../cache/maybe-promise';
import { NotifiedCacheRegistry } from '../cache/notified-cache';
import { enabledFeatures } from './account-features';
import type { Feature } from './account-features';

const CHANGED_CHANNEL = 'account_features_changed';
const SWITCHES = sql(
  'account-features.switches',
  'SELECT feature, enabled FROM account_features WHERE account_id = $1 AND mode = $2',
);
const SWITCH = sql(
  'account-features.switch',
  `WITH switched AS (
     INSERT INTO account_features (account_id, mode, feature, enabled) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, mode, feature) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now() RETURNING 1)
   SELECT pg_notify('${CHANGED_CHANNEL}', $1 || ':' || $2) FROM switched`,
);

/**
 * The features of each account and mode. Forwarded with every request (the services decide with
 * them at once); a switch clears the cache of every gateway replica through NOTIFY.
 */
@Injectable()
export class FeatureRegistry extends NotifiedCacheRegistry<Feature[]> {
  constructor(
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    super(options.config.DATABASE_URL, CHANGED_CHANNEL);
  }

  featuresOf(accountId: string, mode: Mode): MaybePromise<Feature[]> {
    return this.cache.get(`${accountId}:${mode}`, async () =>
      enabledFeatures(
        mode,
        await this.database.query<{ feature: string; enabled: boolean }>(SWITCHES, [
          accountId,
          mode,
        ]),
      ),
    );
  }

  async switch(
    accountId: string,
    mode: Mode,
    feature: Feature,
    enabled: boolean,
  ): Promise<Feature[]> {
    await this.database.query(SWITCH, [accountId, mode, feature, enabled]);
    const switches = await this.database.query<{ feature: string; enabled: boolean }>(SWITCHES, [
      accountId,
      mode,
    ]);
    const features = enabledFeatures(mode, switches);
    this.cache.set(`${accountId}:${mode}`, features);
    return features;
  }
}
