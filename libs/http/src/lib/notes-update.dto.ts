import { IsDefined } from 'class-validator';
import { IsNotes } from './notes';
import type { Notes } from './notes';

/**
 * Only the notes of an order can change; they replace the notes it had. Any other field is refused
 * (400 naming it: "<field> is/are not required and should not be sent"); without notes: "The notes
 * field is required.".
 *
 * @example {"notes":{"shipping":"standard"}}
 */
// `PATCH` bodies that may change only `notes` (orders, payments, refunds): any other field is
// refused.
export class NotesUpdateDto {
  /** @example {"shipping":"express"} */
  @IsNotes()
  @IsDefined({ message: 'The notes field is required.' })
  notes!: Notes;
}
