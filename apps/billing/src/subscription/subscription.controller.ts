import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { PauseSubscriptionDto } from './dtos/pause-subscription.dto';
import { ResumeSubscriptionDto } from './dtos/resume-subscription.dto';
import { UpdateSubscriptionDto } from './dtos/update-subscription.dto';
import { SubscriptionListQuery } from './dtos/subscription-list.query';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { SubscriptionService } from './subscription.service';
import {
  getSubscriptionDetails,
  listSubscriptionDetails,
} from './subscription-details/subscription-details.query';
import { CatchUp } from '@platform/service-kit';

@CatchUp()
@Controller('v1/subscriptions')
export class SubscriptionController {
  constructor(
    private readonly subscriptions: SubscriptionService,
    private readonly database: Database,
  ) {}

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: SubscriptionListQuery,
  ): Promise<Collection<SubscriptionEntity>> {
    const rows = await listSubscriptionDetails(this.database, caller, query, {
      plan_id: query.plan_id,
    });
    return toCollection(
      rows.map((row) => toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl)),
    );
  }

  @Get(':id')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    const row = orNotFound(await getSubscriptionDetails(this.database, caller, id));
    return toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl);
  }

  @Patch(':id')
  update(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.update(caller, id, body);
  }

  @Get(':id/retrieve_scheduled_changes')
  async pendingUpdate(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    const row = orNotFound(await getSubscriptionDetails(this.database, caller, id));
    return this.subscriptions.pending(row.state, row.id);
  }

  @Post(':id/cancel_scheduled_changes')
  @HttpCode(200)
  cancelScheduledChanges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'CancelScheduledChanges', data: {} });
  }

  @Post(':id/pause')
  @HttpCode(200)
  pause(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() _body: PauseSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'PauseSubscription', data: {} });
  }

  @Post(':id/resume')
  @HttpCode(200)
  resume(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() _body: ResumeSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'ResumeSubscription', data: {} });
  }

  /** The only DELETE under /subscriptions: two segments after it always mean an offer. */
  @Delete(':id/:offerId')
  removeOffer(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Param('offerId') offerId: string,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'RemoveOffer', data: { offerId } });
  }
}
