import { IsDefined, IsString } from 'class-validator';
import { IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';

/**
 * PATCH /v1/payments/qr_codes/:id/payments: changes the notes of one payment made on the code (the
 * only part of a payment anyone may change); a payment of another code is answered like an unknown id.
 */
export class EditQrPaymentDto {
  @IsDefined({ message: 'The payment_id field is required.' })
  @IsString({ message: 'The payment_id must be a string.' })
  payment_id!: string;

  @IsDefined({ message: 'The notes field is required.' })
  @IsNotes()
  notes!: Notes;
}
