import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import {
  Caller,
  EntityIdParam,
  ExpandQuery,
  Expansions,
  ListQuery,
  toCollection,
} from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateOndemandSettlementDto } from './dtos/create-ondemand-settlement.dto';
import { toOndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import type { OndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import {
  getOndemandSettlementDetails,
  listOndemandSettlementDetails,
} from './ondemand-settlement-details/ondemand-settlement-details.query';
import { OndemandSettlementService } from './ondemand-settlement.service';
import { CatchUp } from '@platform/service-kit';

const PAYOUTS = 'ondemand_payouts';

@ApiTags('Settlements')
@Controller('v1/settlements/ondemand')
export class OndemandSettlementController {
  constructor(
    private readonly ondemand: OndemandSettlementService,
    private readonly database: Database,
  ) {}

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
    return this.ondemand.create(caller, body);
  }

  /**
   * List on-demand settlements, newest first
   *
   * @returns A page of on-demand settlements
   */
  // `expand[]=ondemand_payouts` adds each settlement's payouts.
  @ExpandQuery(
    "`ondemand_payouts`: include each settlement's payouts in `ondemand_payouts`. Every encoding clients use is read: `expand[]=ondemand_payouts`, `expand[0]=ondemand_payouts`, `expand=ondemand_payouts`, and the official SDK's `expand[expand]=ondemand_payouts`. Other values are ignored.",
    { enum: ['ondemand_payouts'] },
  )
  @Get()
  async listOndemandSettlements(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
    @Expansions() expand: string[],
  ): Promise<Collection<OndemandSettlementEntity>> {
    return toCollection(
      (await listOndemandSettlementDetails(this.database, caller, query)).map((row) =>
        toOndemandSettlementEntity(row, expand.includes(PAYOUTS)),
      ),
    );
  }

  /**
   * Fetch an on-demand settlement
   *
   * @returns The on-demand settlement
   */
  @EntityIdParam('on-demand settlement', 'setlod')
  @ExpandQuery(
    "`ondemand_payouts`: include each settlement's payouts in `ondemand_payouts`. Every encoding clients use is read: `expand[]=ondemand_payouts`, `expand[0]=ondemand_payouts`, `expand=ondemand_payouts`, and the official SDK's `expand[expand]=ondemand_payouts`. Other values are ignored.",
    { enum: ['ondemand_payouts'] },
  )
  @Get(':id')
  async fetchOndemandSettlement(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<OndemandSettlementEntity> {
    const row = await getOndemandSettlementDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toOndemandSettlementEntity(row, expand.includes(PAYOUTS));
  }
}
