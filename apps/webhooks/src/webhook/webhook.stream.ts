import type { Mode } from '@platform/domain-kit';
import type { CommandSpec, SqlFragment } from '@platform/event-store';
import type { WebhookCommand, WebhookRegistryCommand } from './webhook.commands';
import { webhookDetailsProjection } from './webhook-details/webhook-details.projection';
import { WEBHOOK_STREAM, webhookDecider } from './webhook.decider';
import type { Webhook } from './webhook.decider';
import type { WebhookEvent, WebhookRegistryEvent } from './webhook.events';
import {
  registryIdOf,
  WEBHOOK_REGISTRY_STREAM,
  webhookRegistryDecider,
} from './webhook-registry.decider';
import type { WebhookRegistry } from './webhook-registry.decider';

/** A webhook switched off or deleted takes no more deliveries: those still waiting end as failed, with the reason. */
function endPendingDeliveries(webhookId: string, reason: string): SqlFragment {
  return {
    text: `UPDATE webhook_deliveries SET status = 'failed', last_error = $2 WHERE webhook_id = $1 AND status = 'pending' RETURNING 1`,
    values: [webhookId, reason],
  };
}

/** A command on a webhook stream, with its read model; disabling or deleting it ends its waiting deliveries. */
export function onWebhook(
  webhookId: string,
  command: WebhookCommand,
  isNew = false,
): CommandSpec<Webhook, WebhookCommand, WebhookEvent> {
  const also =
    command.type === 'DisableWebhook'
      ? [endPendingDeliveries(webhookId, `webhook disabled: ${command.data.reason}`)]
      : command.type === 'DeleteWebhook'
        ? [endPendingDeliveries(webhookId, 'webhook deleted')]
        : [];
  return {
    decider: webhookDecider,
    streamType: WEBHOOK_STREAM,
    streamId: webhookId,
    command,
    isNew,
    projections: [webhookDetailsProjection],
    also,
  };
}

/** A command on the caller's webhook registry (what keeps an account to 30 webhooks a mode). */
export function onWebhookRegistry(
  command: WebhookRegistryCommand,
): CommandSpec<WebhookRegistry, WebhookRegistryCommand, WebhookRegistryEvent> {
  const scope: { accountId: string; mode: Mode } = command.metadata;
  return {
    decider: webhookRegistryDecider,
    streamType: WEBHOOK_REGISTRY_STREAM,
    streamId: registryIdOf(scope),
    command,
  };
}
