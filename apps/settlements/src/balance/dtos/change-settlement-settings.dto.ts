import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { MayBeOmitted } from '@platform/http';
import { MAX_SETTLEMENT_DELAY_DAYS } from '../balance.decider';

/** The admin API's PATCH of an account's settlement settings in one mode (the gateway takes `mode` out). */
export class ChangeSettlementSettingsDto {
  @MayBeOmitted()
  @Min(0, {
    message: `The settlement_delay_days must be an integer from 0 to ${MAX_SETTLEMENT_DELAY_DAYS}.`,
  })
  @Max(MAX_SETTLEMENT_DELAY_DAYS, {
    message: `The settlement_delay_days must be an integer from 0 to ${MAX_SETTLEMENT_DELAY_DAYS}.`,
  })
  @IsInt({
    message: `The settlement_delay_days must be an integer from 0 to ${MAX_SETTLEMENT_DELAY_DAYS}.`,
  })
  settlement_delay_days?: number;

  @MayBeOmitted()
  @IsBoolean({ message: 'The bank_transfers_fail must be true or false.' })
  bank_transfers_fail?: boolean;
}
