import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsUnixTime, UnknownFieldsRefusedWith } from '@platform/http';
import type { Notes } from '@platform/http';
import { WRONG_INPUT_FIELDS } from './create-payment-link.dto';
import { IsLinkNotes, LinkFlag } from './link-fields';

/**
 * What can change on a link, and only while it is `created` or `partially_paid` ("update can only
 * be made in created or partially paid state"); fields left out stay as they are. Any other field
 * is refused ("wrong input fields sent.", naming it). The rules are those of creation.
 *
 * @example {"reference_id":"TS35","expire_by":1893456000,"notes":{"policy_name":"Life Insurance Policy"},"reminder_enable":false,"accept_partial":false}
 */
@UnknownFieldsRefusedWith(WRONG_INPUT_FIELDS)
export class EditPaymentLinkDto {
  /**
   * Unique among the account's links in the mode ("payment link creation with reference ID
   * already attempted"). The link's order keeps the receipt it was made with.
   *
   * @example "TS35"
   */
  @IsOptional()
  @IsString({ message: 'The reference_id must be a string.' })
  @MaxLength(40, { message: 'The reference_id may not be greater than 40 characters.' })
  reference_id?: string;

  /**
   * At least 15 minutes after the current time ("timestamp must be atleast 15 minutes in
   * future"), at most six months after the link was created.
   */
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;

  /** Replaces the link's notes (its order keeps those it was made with). */
  @IsLinkNotes() notes?: Notes;

  @LinkFlag('reminder_enable') reminder_enable?: boolean;

  /**
   * Changes the link's order too: its next payment may be part of what is due (true), or must be
   * all of it (false). Not for UPI links.
   */
  @LinkFlag('accept_partial') accept_partial?: boolean;
}
