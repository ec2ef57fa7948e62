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
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { PageRequest, ReadScope } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateWebhookDto } from './dtos/create-webhook.dto';
import { EditWebhookDto } from './dtos/edit-webhook.dto';
import { toWebhookEntity } from './dtos/webhook.response';
import type { WebhookEntity } from './dtos/webhook.response';
import { getWebhookDetails, listWebhookDetails } from './webhook-details/webhook-details.query';
import { WebhookService } from './webhook.service';

/** The SDK's webhooks.* without an account id: /v1/webhooks. */
@Controller('v1/webhooks')
export class WebhookController {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateWebhookDto): Promise<WebhookEntity> {
    return this.webhooks.create(caller, body);
  }

  @Get()
  list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<WebhookEntity>> {
    return webhookList(this.database, caller, query);
  }

  @Get(':id')
  fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<WebhookEntity> {
    return webhookOf(this.database, caller, id);
  }

  @Put(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: EditWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.edit(caller, id, body);
  }

  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.webhooks.remove(caller, id);
    return [];
  }
}

/** The SDK's webhooks.* with an account id: /v2/accounts/:account_id/webhooks, for the caller's own account only. */
@Controller('v2/accounts/:account_id/webhooks')
export class AccountWebhookController {
  constructor(
    private readonly webhooks: WebhookService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.create(ownAccount(caller, accountId), body);
  }

  @Get()
  list(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Query() query: ListQuery,
  ): Promise<Collection<WebhookEntity>> {
    return webhookList(this.database, ownAccount(caller, accountId), query);
  }

  @Get(':id')
  fetch(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Param('id') id: string,
  ): Promise<WebhookEntity> {
    return webhookOf(this.database, ownAccount(caller, accountId), id);
  }

  @Patch(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('account_id') accountId: string,
    @Param('id') id: string,
    @Body() body: EditWebhookDto,
  ): Promise<WebhookEntity> {
    return this.webhooks.edit(ownAccount(caller, accountId), id, body);
  }

  @Delete(':id')
  async remove(
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
