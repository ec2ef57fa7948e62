import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { toDisputeEntity } from '../dispute/dtos/dispute.response';
import { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import { raiseDispute } from '../dispute/raise-dispute';
import { CheckoutSimulator, TEST_KEYS_ONLY } from './checkout-simulator';
import type { CheckoutAnswer } from './checkout-simulator';
import { SimulatePaymentDto } from './dtos/simulate-payment.dto';

/** Test mode's checkout. (The test clock is the gateway's: POST /v1/simulator/clock/advance.) */
@Controller('v1/simulator')
export class SimulatorController {
  constructor(
    private readonly checkout: CheckoutSimulator,
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  @Post('payments')
  @HttpCode(200)
  pay(@Caller() caller: RequestContext, @Body() body: SimulatePaymentDto): Promise<CheckoutAnswer> {
    return this.checkout.pay(caller, body);
  }

  /** A customer's bank disputes a captured payment. */
  @Post('disputes')
  @HttpCode(200)
  async dispute(
    @Caller() caller: RequestContext,
    @Body() body: SimulateDisputeDto,
  ): Promise<DisputeEntity> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    const request = {
      paymentId: body.payment_id,
      amount: body.amount ?? null,
      reasonCode: body.reason_code ?? 'general',
      phase: body.phase ?? 'chargeback',
    };
    return toDisputeEntity(await raiseDispute(this.handler, this.clock.metadata(caller), request));
  }
}
