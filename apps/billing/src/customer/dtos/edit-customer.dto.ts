import { IsOptional } from 'class-validator';
import { IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import {
  CustomerContact,
  CustomerEmail,
  CustomerGstin,
  CustomerName,
} from '../../shared/dtos/customer-fields';

/** PUT /v1/customers/:id: the fields sent replace those fields (null clears one); the others stay. */
export class EditCustomerDto {
  @CustomerName() name?: string | null;
  @CustomerEmail() email?: string | null;
  @CustomerContact() contact?: string | null;
  @CustomerGstin() gstin?: string | null;
  @IsOptional() @IsNotes() notes?: Notes;
}
