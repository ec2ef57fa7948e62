import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import { CreateOndemandSettlementDto } from '../ondemand-settlement/dtos/create-ondemand-settlement.dto';
import type { OndemandSettlementEntity } from '../ondemand-settlement/dtos/ondemand-settlement.response';
import { SettlementFlowsService } from './settlement-flows.service';

/** The on-demand settlement route that writes the balance too: it runs a flow. */
@ApiTags('Settlements')
@Controller('v1/settlements/ondemand')
export class OndemandSettlementFlowsController {
  constructor(private readonly flows: SettlementFlowsService) {}

  /**
   * Settle now: an on-demand settlement
   *
   * @remarks Takes `amount` (or, with `settle_full_balance`, all that is available) from the INR
   * balance at once and pays it to the merchant's bank, less its fees. Available is what
   * no settlement has paid out yet: captured payments net of their fees, however recent,
   * less refunds, dispute holds and deductions, and earlier on-demand settlements. The
   * next scheduled settlement nets what an on-demand settlement took.
   *
   * Each payout carries at most ₹5,00,000 (50000000 paise): a larger amount is paid in
   * several, full ones first. Each payout costs 0.25% of its amount (the commission) plus
   * 18% GST on the commission, each rounded half up to the paisa; `fees` includes the GST
   * and `tax` is the GST part. The fees are taken out of the amount: the bank receives
   * `amount_requested − fees`. Example: 200000 (₹2,000) → commission 500, GST 90, fees 590
   * (tax 90), 199410 reaches the bank.
   *
   * Refused with 400, naming the field: an amount more than is available ("The amount
   * requested is more than the balance available for settlement: <paise> (₹<rupees>) is
   * available."), less than 100, or missing without `settle_full_balance`;
   * `settle_full_balance` with less than ₹1 available; a description that is too long or
   * has other characters than letters, digits and spaces.
   *
   * @returns The on-demand settlement, `initiated`, with its payouts
   */
  // Caught up first: the balance counts every capture, refund and dispute the caller has seen made.
  @CatchUp()
  @Post()
  @HttpCode(200)
  createOndemandSettlement(
    @Caller() caller: RequestContext,
    @Body() body: CreateOndemandSettlementDto,
  ): Promise<OndemandSettlementEntity> {
    return this.flows.requestOndemand(caller, body);
  }
}
