import { IsAmount, IsSupportedCurrency } from '@platform/http';

/**
 * A capture is of the whole authorized amount: both fields must be the payment's own. Unknown
 * fields are refused (400 naming the field).
 *
 * @example {"amount":50000,"currency":"INR"}
 */
export class CapturePaymentDto {
  /**
   * Must equal the authorized amount ("Capture amount must be equal to the amount authorized
   * (<amount>).").
   */
  @IsAmount('amount', { min: 100 }) amount!: number;
  /**
   * Default: the payment's currency. Must be it ("The currency must be the payment currency
   * (<currency>).").
   */
  @IsSupportedCurrency() currency?: string;
}
