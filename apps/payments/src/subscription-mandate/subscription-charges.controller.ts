import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { IsInt, Max, Min } from 'class-validator';
import { TEST_KEYS_ONLY } from '../simulator/checkout-simulator';
import { setDeclines } from './subscription-mandate';

export class DeclineChargesDto {
  @IsInt({ message: 'The count must be an integer.' })
  @Min(0, { message: 'The count must be between 0 and 12.' })
  @Max(12, { message: 'The count must be between 0 and 12.' })
  count!: number;
}

/** Test mode: the simulated bank declines a subscription's next `count` automatic charges (to exercise retries and halting). */
@Controller('v1/simulator/subscriptions')
export class SubscriptionChargesController {
  constructor(private readonly database: Database) {}

  @Post(':id/decline_charges')
  @HttpCode(200)
  async declineCharges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: DeclineChargesDto,
  ): Promise<{ subscription_id: string; declines_remaining: number }> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    if (!(await setDeclines(this.database, caller, id, body.count))) throw new NotFound();
    return { subscription_id: id, declines_remaining: body.count };
  }
}
