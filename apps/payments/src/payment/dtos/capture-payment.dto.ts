import { IsAmount, IsSupportedCurrency } from '@platform/http';

/** Both must be the authorized ones (a capture is of the whole authorized amount). */
export class CapturePaymentDto {
  @IsAmount('amount', { min: 100 }) amount!: number;
  @IsSupportedCurrency() currency?: string;
}
