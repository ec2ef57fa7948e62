import { IsBoolean, IsIn } from 'class-validator';
import { MayBeOmitted } from '@platform/http';

/** PATCH /admin/v1/accounts/:id/features: the features of one mode to switch on or off. */
export class SwitchFeaturesDto {
  @IsIn(['test', 'live'], { message: 'The mode must be test or live.' })
  mode!: 'test' | 'live';

  @MayBeOmitted()
  @IsBoolean({ message: 'The upi_qr must be true or false.' })
  upi_qr?: boolean;
}
