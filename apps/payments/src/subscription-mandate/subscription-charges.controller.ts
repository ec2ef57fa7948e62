import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { DeclineChargesDto } from './dtos/decline-charges.dto';
import type { DeclinedChargesResponse } from './dtos/declined-charges.response';
import { SubscriptionMandateService } from './subscription-mandate.service';

/** Test mode: the simulated bank declines a subscription's next `count` automatic charges (to exercise retries and halting). */
@Controller('v1/simulator/subscriptions')
export class SubscriptionChargesController {
  constructor(private readonly mandates: SubscriptionMandateService) {}

  @Post(':id/decline_charges')
  @HttpCode(200)
  declineCharges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: DeclineChargesDto,
  ): Promise<DeclinedChargesResponse> {
    return this.mandates.declineCharges(caller, id, body.count);
  }
}
