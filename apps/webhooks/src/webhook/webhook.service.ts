import { Inject, Injectable } from '@nestjs/common';
import { newId, NotFound } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock, sealSecret, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { WebhooksConfig } from '../webhooks.config';
import type { CreateWebhookDto } from './dtos/create-webhook.dto';
import type { EditWebhookDto } from './dtos/edit-webhook.dto';
import { toWebhookEntity } from './dtos/webhook.response';
import type { WebhookEntity } from './dtos/webhook.response';
import { webhookDetailsProjection } from './webhook-details/webhook-details.projection';
import type { Webhook } from './webhook.decider';
import type { WebhookEvent } from './webhook.events';
import { onWebhook, onWebhookRegistry } from './webhook.stream';
import { WebhookTargets } from './webhook-targets';

/** The webhook use cases of the API (both paths the SDK uses): create, edit, delete. */
@Injectable()
export class WebhookService {
  private readonly secretKey: Buffer;

  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
    private readonly targets: WebhookTargets,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.secretKey = (options.config as WebhooksConfig).secretKey;
  }

  /** Registered on the account's registry in the same statement: at most 30 a mode, also when created concurrently. */
  async create(caller: RequestContext, dto: CreateWebhookDto): Promise<WebhookEntity> {
    const url = await this.targets.check(dto.url, caller.mode);
    const metadata = this.clock.metadata(caller);
    const webhookId = newId('wh');
    const settings = {
      url,
      events: [...new Set(dto.events)],
      sealedSecret: dto.secret ? sealSecret(dto.secret, this.secretKey) : null,
      alertEmail: dto.alert_email ?? null,
      active: dto.active ?? true,
    };
    const created = await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        await unit.decide(
          onWebhookRegistry({ type: 'RegisterWebhook', data: { webhookId }, metadata }),
        );
        return unit.decide(
          onWebhook(
            webhookId,
            { type: 'CreateWebhook', data: { webhookId, settings }, metadata },
            true,
          ),
        );
      },
    });
    return entityOf(created);
  }

  async edit(
    caller: RequestContext,
    webhookId: string,
    dto: EditWebhookDto,
  ): Promise<WebhookEntity> {
    const url = dto.url === undefined ? undefined : await this.targets.check(dto.url, caller.mode);
    const changes = {
      url,
      events: dto.events && [...new Set(dto.events)],
      sealedSecret: dto.secret === undefined ? undefined : sealSecret(dto.secret, this.secretKey),
      alertEmail: dto.alert_email,
      active: dto.active,
    };
    return entityOf(
      await this.handler.handle(
        onWebhook(webhookId, {
          type: 'EditWebhook',
          data: changes,
          metadata: this.clock.metadata(caller),
        }),
      ),
    );
  }

  async remove(caller: RequestContext, webhookId: string): Promise<void> {
    const metadata = this.clock.metadata(caller);
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        await unit.decide(onWebhook(webhookId, { type: 'DeleteWebhook', data: {}, metadata }));
        await unit.decide(
          onWebhookRegistry({ type: 'UnregisterWebhook', data: { webhookId }, metadata }),
        );
      },
    });
  }
}

function entityOf(result: CommandResult<Webhook, WebhookEvent>): WebhookEntity {
  const row = webhookDetailsProjection.view(result.stream);
  if (!row) throw new NotFound();
  return toWebhookEntity(row);
}
