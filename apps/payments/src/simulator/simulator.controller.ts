import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { SimulatorService } from './simulator.service';

/** Test mode's checkout. (The test clock is the gateway's: POST /v1/simulator/clock/advance.) */
@Controller('v1/simulator')
export class SimulatorController {
  constructor(private readonly checkout: SimulatorService) {}

  @Post('payments')
  @HttpCode(200)
  pay(@Caller() caller: RequestContext, @Body() body: SimulatePaymentDto): Promise<CheckoutAnswer> {
    return this.checkout.pay(caller, body);
  }

  /** A customer's bank disputes a captured payment. */
  @Post('disputes')
  @HttpCode(200)
  dispute(
    @Caller() caller: RequestContext,
    @Body() body: SimulateDisputeDto,
  ): Promise<DisputeEntity> {
    return this.checkout.dispute(caller, body);
  }
}
