import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { DeclineChargesDto } from './dtos/decline-charges.dto';
import type { DeclinedChargesResponse } from './dtos/declined-charges.response';
import { SubscriptionMandateService } from './subscription-mandate.service';

/** Test mode: the simulated bank declines a subscription's next `count` automatic charges (to exercise retries and halting). */
@ApiTags('Test mode')
@Controller('v1/simulator/subscriptions')
export class SubscriptionChargesController {
  constructor(private readonly mandates: SubscriptionMandateService) {}

  /**
   * Make the bank decline a subscription's next automatic charges
   *
   * @remarks Test mode's bank for a subscription's automatic charges: the next `count` charges of
   * the subscription's cycles (each cycle's charge and each retry of it) are declined;
   * each decline uses one up, and `count` 0 clears the switch. It does not touch the
   * authorization payment (pay that with a declining test instrument instead). **Test keys
   * only**: a live key is answered 400 "The simulator works with test mode keys only: live
   * payments come from a real checkout.".
   *
   * A declined charge is recorded as a `failed` payment of the cycle invoice's order
   * (source `bank`, reason `payment_declined`) and the subscription goes `pending`, to be
   * retried 1, 2 and 3 days after each failure in turn; 4 declines in a row (the charge
   * and its 3 retries) halt it. Advance the clock (POST /v1/simulator/clock/advance) to
   * reach the charges.
   *
   * Refused with 400: an unknown subscription, or one payments does not know yet ("The id
   * provided does not exist"); "The count must be an integer.", "The count must be between
   * 0 and 12."; any other field (named).
   *
   * @returns The subscription and how many of its next charges will be declined
   */
  @EntityIdParam('subscription', 'sub')
  @Post(':id/decline_charges')
  @HttpCode(200)
  declineSubscriptionCharges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: DeclineChargesDto,
  ): Promise<DeclinedChargesResponse> {
    return this.mandates.declineCharges(caller, id, body.count);
  }
}
