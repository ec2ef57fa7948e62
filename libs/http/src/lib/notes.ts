import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { registerDecorator } from 'class-validator';
import type { ValidationOptions } from 'class-validator';

export const NOTES_MAX_PAIRS = 15;
export const NOTES_MAX_LENGTH = 256;

export type Notes = Record<string, string | number>;

/** Why these notes break the rules (at most 15 pairs, string keys and values of at most 256 characters), or null. */
export function notesProblem(value: unknown): string | null {
  if (Array.isArray(value) && value.length === 0) return null; // many clients send [] for "no notes"
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'notes must be an object of key-value pairs.';
  const entries = Object.entries(value);
  if (entries.length > NOTES_MAX_PAIRS)
    return `notes can have at most ${NOTES_MAX_PAIRS} key-value pairs.`;
  for (const [key, item] of entries) {
    if (key.length > NOTES_MAX_LENGTH)
      return `notes keys can be at most ${NOTES_MAX_LENGTH} characters.`;
    if (typeof item !== 'string' && !(typeof item === 'number' && Number.isFinite(item)))
      return `notes.${key} must be a string or a number.`;
    if (String(item).length > NOTES_MAX_LENGTH)
      return `notes.${key} can be at most ${NOTES_MAX_LENGTH} characters.`;
  }
  return null;
}

/** `[]` (sent by many clients for empty notes) becomes `{}`. */
export function normalizeNotes(value: unknown): Notes {
  return Array.isArray(value) || value === undefined || value === null ? {} : (value as Notes);
}

/** Notes as the API shows them: the OpenAPI document's `Notes` schema. */
export const NOTES_SCHEMA = {
  type: 'object',
  maxProperties: NOTES_MAX_PAIRS,
  additionalProperties: {
    oneOf: [
      { type: 'string', maxLength: NOTES_MAX_LENGTH },
      { type: 'number', format: 'double' },
    ],
  },
  description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters.`,
};

/** What a request may send as notes: the object, or `[]` (many clients send it for "no notes"). */
const NOTES_INPUT_SCHEMA = {
  oneOf: [
    {
      ...NOTES_SCHEMA,
      propertyNames: { maxLength: NOTES_MAX_LENGTH },
      description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters, values strings or numbers.`,
    },
    { type: 'array', maxItems: 0, description: '`[]` is read as no notes.' },
  ],
};

/** class-validator decorator for `notes` fields. */
export function IsNotes(options?: ValidationOptions): PropertyDecorator {
  const validated: PropertyDecorator = (target, propertyName) =>
    registerDecorator({
      name: 'isNotes',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) => notesProblem(value) === null,
        defaultMessage: (args) => notesProblem(args?.value) ?? 'notes are invalid.',
      },
    });
  return applyDecorators(ApiProperty(NOTES_INPUT_SCHEMA), validated);
}
