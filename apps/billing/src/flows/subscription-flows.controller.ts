import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
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
}
