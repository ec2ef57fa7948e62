import { IsDefined } from 'class-validator';
import { IsNotes } from './notes';
import type { Notes } from './notes';

/** `PATCH` bodies that may change only `notes` (orders, payments, refunds): any other field is refused. */
export class NotesUpdateDto {
  @IsNotes()
  @IsDefined({ message: 'The notes field is required.' })
  notes!: Notes;
}
