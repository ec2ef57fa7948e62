import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { PaymentEntity, RefundEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CapturePaymentDto } from '../payment/dtos/capture-payment.dto';
import { CreateRefundDto } from '../refund/dtos/create-refund.dto';
import { PaymentFlowsService } from './payment-flows.service';

/** The payment routes that write more than the payment: each runs a flow. */
@Controller('v1/payments')
export class PaymentFlowsController {
  constructor(private readonly flows: PaymentFlowsService) {}

  @Post(':id/capture')
  @HttpCode(200)
  capture(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CapturePaymentDto,
  ): Promise<PaymentEntity> {
    return this.flows.capture(caller, id, body);
  }

  @Post(':id/refund')
  @HttpCode(200)
  refund(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CreateRefundDto,
  ): Promise<RefundEntity> {
    return this.flows.refund(caller, id, body);
  }
}
