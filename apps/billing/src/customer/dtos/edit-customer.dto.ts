import { IsOptional } from 'class-validator';
import { IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import {
  CustomerContact,
  CustomerEmail,
  CustomerGstin,
  CustomerName,
} from '../../common/dtos/customer-fields';

/** The fields sent replace those fields (null clears one); fields not sent stay as they are. */
export class EditCustomerDto {
  /** @example "Gaurav Kumar" */
  @CustomerName() name?: string | null;
  /** @example "gaurav.kumar@example.com" */
  @CustomerEmail() email?: string | null;
  /**
   * Up to 15 digits including the country code.
   *
   * @example "+919000090000"
   */
  @CustomerContact() contact?: string | null;
  /**
   * The 2-digit state code, then 13 letters or digits.
   *
   * @example "29ABCDE1234F1Z5"
   * @example "29XAbbA4369J1PA"
   */
  @CustomerGstin() gstin?: string | null;
  @IsOptional() @IsNotes() notes?: Notes;
}
