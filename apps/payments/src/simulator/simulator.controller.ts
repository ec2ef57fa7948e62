import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CheckoutSimulator } from './checkout-simulator';
import type { CheckoutAnswer } from './checkout-simulator';
import { SimulatePaymentDto } from './dtos/simulate-payment.dto';

/** Test mode's checkout. (The test clock is the gateway's: POST /v1/simulator/clock/advance.) */
@Controller('v1/simulator')
export class SimulatorController {
  constructor(private readonly checkout: CheckoutSimulator) {}

  @Post('payments')
  @HttpCode(200)
  pay(@Caller() caller: RequestContext, @Body() body: SimulatePaymentDto): Promise<CheckoutAnswer> {
    return this.checkout.pay(caller, body);
  }
}
