import { IsDefined } from 'class-validator';
import { IsNotes } from './notes';
import type { Notes } from './notes';

/**
 * Only the notes can change (of an order, a payment or a refund); they replace the notes it had.
 * Any other field is refused (400 naming it: "<field> is/are not required and should not be
 * sent"); without notes: "The notes field is required.".
 *
 * @example {"notes":{"shipping":"standard"}}
 */
export class NotesUpdateDto {
  /** @example {"shipping":"express"} */
  @IsNotes()
  @IsDefined({ message: 'The notes field is required.' })
  notes!: Notes;
}
