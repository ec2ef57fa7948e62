import { IsDefined, IsString } from 'class-validator';
import { IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';

/**
 * Changes the notes of one payment made on the code; they replace the notes it had. Any other field
 * is refused (400 naming it: "<field> is/are not required and should not be sent").
 *
 * @example {"payment_id":"pay_1Aa00000000001","notes":{"table":"7"}}
 */
// PATCH /v1/payments/qr_codes/:id/payments: changes the notes of one payment made on the code (the
// only part of a payment anyone may change); a payment of another code is answered like an unknown
// id.
export class EditQrPaymentDto {
  /**
   * A payment made on this code ("The payment_id field is required."); any other payment, also one
   * made on another code, is answered 400 "The id provided does not exist" (field `payment_id`).
   *
   * @example "pay_1Aa00000000001"
   */
  @IsDefined({ message: 'The payment_id field is required.' })
  @IsString({ message: 'The payment_id must be a string.' })
  payment_id!: string;

  /**
   * Required ("The notes field is required.").
   *
   * @example {"table":"7"}
   */
  @IsDefined({ message: 'The notes field is required.' })
  @IsNotes()
  notes!: Notes;
}
