import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import type { AddonEntity } from '../addon/dtos/addon.response';
import { AddonDto } from '../shared/dtos/addon.dto';
import { CancelSubscriptionDto } from '../subscription/dtos/cancel-subscription.dto';
import { CreateSubscriptionDto } from '../subscription/dtos/create-subscription.dto';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** The subscription routes that write more than the subscription: each runs a flow. */
@CatchUp()
@Controller('v1/subscriptions')
export class SubscriptionFlowsController {
  constructor(private readonly flows: SubscriptionFlowsService) {}

  /** A subscription, or a subscription link (with notify_info): one handler, as the reference says. */
  @Post()
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Body() body: CreateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.flows.create(caller, body);
  }

  /** No body: cancel now; `{cancel_at_cycle_end: 1}`: at the end of the current cycle. */
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CancelSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.flows.cancel(caller, id, body?.cancel_at_cycle_end ?? false);
  }

  /** Added to the subscription's next cycle invoice (`invoice_id` is set then, and it can no longer be deleted). */
  @Post(':id/addons')
  @HttpCode(200)
  addAddon(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: AddonDto,
  ): Promise<AddonEntity> {
    return this.flows.addAddon(caller, id, body);
  }
}
