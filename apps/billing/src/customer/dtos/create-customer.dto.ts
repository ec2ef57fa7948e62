import { IsBoolean, IsOptional } from 'class-validator';
import { IsNotes, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';
import {
  CustomerContact,
  CustomerEmail,
  CustomerGstin,
  CustomerName,
} from '../../common/dtos/customer-fields';

/** At least one of name, email or contact. Unknown fields are refused. */
export class CreateCustomerDto {
  /** @example "Gaurav Kumar" */
  @CustomerName() name?: string;
  /** @example "gaurav.kumar@example.com" */
  @CustomerEmail() email?: string;
  /**
   * Up to 15 digits including the country code.
   *
   * @example "+919000090000"
   */
  @CustomerContact() contact?: string;
  /**
   * The 2-digit state code, then 13 letters or digits.
   *
   * @example "29ABCDE1234F1Z5"
   * @example "29XAbbA4369J1PA"
   */
  @CustomerGstin() gstin?: string;
  @IsOptional() @IsNotes() notes?: Notes;

  /**
   * 1: a customer with the same email and contact is an error ("Customer already exists for the
   * merchant"). 0: that customer is returned instead.
   *
   * @defaultValue 1
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The fail_existing must be 0 or 1.' })
  fail_existing?: boolean;
}
