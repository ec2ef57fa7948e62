import { Inject, Injectable } from '@nestjs/common';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { askOwner } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { WebhooksConfig } from '../webhooks.config';
import { findSnapshots } from './entity-snapshots/entity-snapshots';
import type { EntityKind, EntityRef } from './webhook-payload';

/** Where each kind of entity is owned and read (the owner's public route, asked as the event's account). */
const OWNERS: Record<
  EntityKind,
  { service: 'payments' | 'billing' | 'none'; path: (id: string) => string }
> = {
  payment: { service: 'payments', path: (id) => `/v1/payments/${id}` },
  order: { service: 'payments', path: (id) => `/v1/orders/${id}` },
  refund: { service: 'payments', path: (id) => `/v1/refunds/${id}` },
  dispute: { service: 'payments', path: (id) => `/v1/disputes/${id}` },
  qr_code: { service: 'payments', path: (id) => `/v1/payments/qr_codes/${id}` },
  payment_link: { service: 'payments', path: (id) => `/v1/payment_links/${id}` },
  invoice: { service: 'billing', path: (id) => `/v1/invoices/${id}` },
  subscription: { service: 'billing', path: (id) => `/v1/subscriptions/${id}` },
  settlement: { service: 'none', path: () => '' },
};

/**
 * The entities a payload names but its event does not carry (a refund's payment, an invoice's order):
 * the latest state the events have brought, or, for one no event has brought yet, the owning
 * service's answer over its internal API (DESIGN: never "does not exist" because an event is in
 * flight). One the owner does not know is left out of the payload.
 */
@Injectable()
export class EntityLookup {
  private readonly baseUrls: Record<'payments' | 'billing', string>;
  private readonly internalToken: string;

  constructor(@Inject(SERVICE_OPTIONS) options: ServiceKitOptions) {
    const config = options.config as WebhooksConfig;
    this.baseUrls = { payments: config.PAYMENTS_URL, billing: config.BILLING_URL };
    this.internalToken = config.INTERNAL_TOKEN;
  }

  async resolve(
    db: SqlRunner,
    scope: ReadScope,
    refs: readonly EntityRef[],
  ): Promise<{ kind: EntityKind; entity: Record<string, unknown> }[]> {
    const missing = refs.filter((ref) => ref.entity === null);
    const known = await findSnapshots(
      db,
      scope,
      missing.map((ref) => ref.id),
    );
    const resolved = await Promise.all(
      refs.map(async (ref) => ({
        kind: ref.kind,
        entity: ref.entity ?? known.get(ref.id) ?? (await this.askOwner(scope, ref)),
      })),
    );
    return resolved.filter(
      (ref): ref is { kind: EntityKind; entity: Record<string, unknown> } => ref.entity !== null,
    );
  }

  private async askOwner(
    scope: ReadScope,
    ref: EntityRef,
  ): Promise<Record<string, unknown> | null> {
    const owner = OWNERS[ref.kind];
    if (owner.service === 'none') return null;
    const caller = { ...scope, requestId: `webhooks:${ref.id}` };
    return askOwner<Record<string, unknown>>({
      baseUrl: this.baseUrls[owner.service],
      path: owner.path(encodeURIComponent(ref.id)),
      internalToken: this.internalToken,
      caller,
      what: `${ref.kind} ${ref.id}`,
    });
  }
}
