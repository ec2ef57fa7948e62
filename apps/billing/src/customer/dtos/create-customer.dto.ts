import { IsBoolean, IsOptional } from 'class-validator';
import { IsNotes, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';
import {
  CustomerContact,
  CustomerEmail,
  CustomerGstin,
  CustomerName,
} from '../../shared/dtos/customer-fields';

export class CreateCustomerDto {
  @CustomerName() name?: string;
  @CustomerEmail() email?: string;
  @CustomerContact() contact?: string;
  @CustomerGstin() gstin?: string;
  @IsOptional() @IsNotes() notes?: Notes;

  /** "1" (default): a customer with the same email and contact is an error; "0": that customer is returned. */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The fail_existing must be 0 or 1.' })
  fail_existing?: boolean;
}
