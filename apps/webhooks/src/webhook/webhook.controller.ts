import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { PageRequest, ReadScope } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateWebhookDto } from './dtos/create-webhook.dto';
import { EditWebhookDto } from './dtos/edit-webhook.dto';
import { toWebhookEntity } from './dtos/webhook.response';
import type { WebhookEntity } from './dtos/webhook.response';
import { getWebhookDetails, listWebhookDetails } from './webhook-details/webhook-details.query';
import { WebhookService } from './webhook.service';

/** The `account_id` of the SDK's account-scoped webhook paths, described once. */
const AccountIdParam = () =>
  ApiParam({
    name: 'account_id',
    required: true,
    description:
      'Your own account id (the `owner_id` of your webhooks). Another account\'s id is answered 400 "The id provided does not exist".',
    schema: { type: 'string', examples: ['acc_1Aa00000000001'] },
  });

/** The SDK's webhooks.* without an account id: /v1/webhooks. */
@ApiTags('Webhooks')
@Controller('v1/webhooks')
export class WebhookController {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly database: Database,
  ) {}

  /**
   * Create a webhook
   *
   * @remarks For each event a webhook subscribed to, while the webhook is active, the platform
   * POSTs Razorpay's envelope (`entity: "event"`, `account_id`, `event`, `contains`,
   * `payload`, `created_at`; each entity as the API shows it, as it was at the event) to
   * the URL, with the headers `X-Razorpay-Signature` (hex HMAC-SHA256 of the exact body,
   * keyed with the webhook's secret; absent without a secret: verify it with the SDK's
   * `validateWebhookSignature`), `X-Razorpay-Event-Id` (the same for every attempt of one
   * event: deduplicate on it) and `Content-Type: application/json`.
   *
   * Any 2xx answer within 5 s is delivered; any other status, a redirect (not followed), a
   * timeout or a connection error is a failed attempt. A failed delivery is tried again
   * with exponential backoff and jitter (about 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 2 h,
   * then every 3 h) until 24 hours after the event, on the account's clock (in test mode
   * POST /v1/simulator/clock/advance moves it); then it has failed. A webhook that
   * delivered nothing in those 24 hours is disabled (`active: false`, `disabled_at` set)
   * and its `alert_email` is told; edit it with `active: true` to turn it on again.
   *
   * @returns The webhook
   */
  @Post()
  @HttpCode(200)
  createWebhook(
    @Caller() caller: RequestContext,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.create(caller, body);
  }

  /**
   * List webhooks, newest first
   *
   * @remarks The webhooks of the account in the mode of the key: test and live keys see separate
   * webhooks, each receiving the events of its own mode.
   *
   * @returns A page of webhooks
   */
  @Get()
  listWebhooks(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<WebhookEntity>> {
    return webhookList(this.database, caller, query);
  }

  /**
   * Fetch a webhook
   *
   * @returns The webhook
   */
  @EntityIdParam('webhook', 'wh')
  @Get(':id')
  fetchWebhook(@Caller() caller: RequestContext, @Param('id') id: string): Promise<WebhookEntity> {
    return webhookOf(this.database, caller, id);
  }

  /**
   * Edit a webhook
   *
   * @returns The webhook as it is now
   */
  @EntityIdParam('webhook', 'wh')
  @Put(':id')
  editWebhook(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: EditWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.edit(caller, id, body);
  }

  /**
   * Delete a webhook
   *
   * @remarks Answers `[]`. No delivery is made to it from then on, and it is gone ("The id provided
   * does not exist").
   *
   * @returns An empty array
   */
  @EntityIdParam('webhook', 'wh')
  @Delete(':id')
  async deleteWebhook(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.webhooks.remove(caller, id);
    return [];
  }
}

/** The SDK's webhooks.* with an account id: /v2/accounts/:account_id/webhooks, for the caller's own account only. */
@ApiTags('Webhooks')
@Controller('v2/accounts/:account_id/webhooks')
export class AccountWebhookController {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly database: Database,
  ) {}

  /**
   * Create a webhook
   *
   * @remarks For each event a webhook subscribed to, while the webhook is active, the platform
   * POSTs Razorpay's envelope (`entity: "event"`, `account_id`, `event`, `contains`,
   * `payload`, `created_at`; each entity as the API shows it, as it was at the event) to
   * the URL, with the headers `X-Razorpay-Signature` (hex HMAC-SHA256 of the exact body,
   * keyed with the webhook's secret; absent without a secret: verify it with the SDK's
   * `validateWebhookSignature`), `X-Razorpay-Event-Id` (the same for every attempt of one
   * event: deduplicate on it) and `Content-Type: application/json`.
   *
   * Any 2xx answer within 5 s is delivered; any other status, a redirect (not followed), a
   * timeout or a connection error is a failed attempt. A failed delivery is tried again
   * with exponential backoff and jitter (about 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 2 h,
   * then every 3 h) until 24 hours after the event, on the account's clock (in test mode
   * POST /v1/simulator/clock/advance moves it); then it has failed. A webhook that
   * delivered nothing in those 24 hours is disabled (`active: false`, `disabled_at` set)
   * and its `alert_email` is told; edit it with `active: true` to turn it on again.
   *
   * @returns The webhook
   */
  @AccountIdParam()
  @Post()
  @HttpCode(200)
  createWebhookOfAccount(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.create(ownAccount(caller, accountId), body);
  }

  /**
   * List webhooks, newest first
   *
   * @remarks The webhooks of the account in the mode of the key: test and live keys see separate
   * webhooks, each receiving the events of its own mode.
   *
   * @returns A page of webhooks
   */
  @AccountIdParam()
  @Get()
  listWebhooksOfAccount(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Query() query: ListQuery,
  ): Promise<Collection<WebhookEntity>> {
    return webhookList(this.database, ownAccount(caller, accountId), query);
  }

  /**
   * Fetch a webhook
   *
   * @returns The webhook
   */
  @AccountIdParam()
  @EntityIdParam('webhook', 'wh')
  @Get(':id')
  fetchWebhookOfAccount(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Param('id') id: string,
  ): Promise<WebhookEntity> {
    return webhookOf(this.database, ownAccount(caller, accountId), id);
  }

  /**
   * Edit a webhook
   *
   * @returns The webhook as it is now
   */
  @AccountIdParam()
  @EntityIdParam('webhook', 'wh')
  @Patch(':id')
  editWebhookOfAccount(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Param('id') id: string,
    @Body() body: EditWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.edit(ownAccount(caller, accountId), id, body);
  }

  /**
   * Delete a webhook
   *
   * @remarks Answers `[]`. No delivery is made to it from then on, and it is gone ("The id provided
   * does not exist").
   *
   * @returns An empty array
   */
  @AccountIdParam()
  @EntityIdParam('webhook', 'wh')
  @Delete(':id')
  async deleteWebhookOfAccount(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Param('id') id: string,
  ): Promise<[]> {
    await this.webhooks.remove(ownAccount(caller, accountId), id);
    return [];
  }
}

/** Another account's id answers like an unknown id. */
function ownAccount(caller: RequestContext, accountId: string): RequestContext {
  if (accountId !== caller.accountId) throw new NotFound();
  return caller;
}

/** Both paths read through the webhook details read model. */
async function webhookList(
  db: Database,
  scope: ReadScope,
  page: PageRequest,
): Promise<Collection<WebhookEntity>> {
  return toCollection((await listWebhookDetails(db, scope, page)).map(toWebhookEntity));
}

async function webhookOf(
  db: Database,
  scope: ReadScope,
  webhookId: string,
): Promise<WebhookEntity> {
  const row = await getWebhookDetails(db, scope, webhookId);
  if (!row) throw new NotFound();
  return toWebhookEntity(row);
}
