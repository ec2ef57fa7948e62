import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { NOTES_MAX_PAIRS, notesProblem, ToFlag } from '@platform/http';
import { IsBoolean, IsOptional, registerDecorator } from 'class-validator';

/** Razorpay refuses a link's note value longer than this, with its own message. */
export const LINK_NOTE_MAX_LENGTH = 255;
const NOTE_TOO_LONG = `value: the length must not be greater than ${LINK_NOTE_MAX_LENGTH}.`;

/** Why these notes break a link's rules (Razorpay's message for a long value), or null. */
function linkNotesProblem(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const long = Object.values(value).some((item) => String(item).length > LINK_NOTE_MAX_LENGTH);
    if (long) return NOTE_TOO_LONG;
  }
  return notesProblem(value);
}

const LINK_NOTES_SCHEMA = {
  oneOf: [
    {
      type: 'object',
      maxProperties: NOTES_MAX_PAIRS,
      additionalProperties: {
        oneOf: [
          { type: 'string', maxLength: LINK_NOTE_MAX_LENGTH },
          { type: 'number', format: 'double' },
        ],
      },
      description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, values strings or numbers of at most ${LINK_NOTE_MAX_LENGTH} characters ("${NOTE_TOO_LONG}").`,
    },
    { type: 'array', maxItems: 0, description: '`[]` is read as no notes.' },
  ],
};

/** A payment link's `notes`: the platform's notes, values at most 255 characters as Razorpay's links take. */
export function IsLinkNotes(): PropertyDecorator {
  const validated: PropertyDecorator = (target, propertyName) =>
    registerDecorator({
      name: 'isLinkNotes',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => linkNotesProblem(value) === null,
        defaultMessage: (args) => linkNotesProblem(args?.value) ?? 'notes are invalid.',
      },
    });
  return applyDecorators(ApiProperty(LINK_NOTES_SCHEMA), IsOptional(), validated);
}

/** An optional flag (true/false, 1/0, "1"/"0"). */
export function LinkFlag(field: string): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    ToFlag(),
    IsBoolean({ message: `The ${field} must be true or false (or 1 or 0).` }),
  );
}
