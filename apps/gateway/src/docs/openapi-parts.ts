import { MAX_AMOUNT, NOTES_MAX_LENGTH, NOTES_MAX_PAIRS } from '@platform/http';

/** Pieces every resource's OpenAPI description is made of. */
export const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const errors = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '429': { $ref: '#/components/responses/TooManyRequests' },
};
/** An operation's answers: 200 with the given body, and the errors every operation may answer. */
export const answers = (description: string, schema: unknown) => ({
  '200': { description, ...json(schema) },
  ...errors,
});

/** A query parameter a client may leave out, such as a list's filter (a string unless said). */
export const optionalQuery = (
  name: string,
  description: string,
  schema: Record<string, unknown> = { type: 'string' },
) => ({ name, in: 'query', required: false, description, schema });
export const page = ['from', 'to', 'count', 'skip'].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));
export const nullableString = { type: ['string', 'null'] };

/** A list answer, `{entity: "collection", count, items}`, of the named schema. */
export const collection = (item: string) => ({
  type: 'object',
  required: ['entity', 'count', 'items'],
  properties: {
    entity: { const: 'collection' },
    count: { type: 'integer' },
    items: { type: 'array', items: ref(item) },
  },
});

/** The `id` path parameter of an entity whose ids start with `prefix`. */
export function idParameter(entity: string, prefix: string, name = 'id') {
  return {
    name,
    in: 'path',
    required: true,
    description: `The ${entity} id. An unknown id, or one of another account or mode, is answered 400 "The id provided does not exist".`,
    schema: { type: 'string', pattern: `^${prefix}_[0-9A-Za-z]{14}$` },
  };
}

/** Notes as the API returns them. */
export const notes = {
  type: 'object',
  maxProperties: NOTES_MAX_PAIRS,
  additionalProperties: {
    oneOf: [{ type: 'string', maxLength: NOTES_MAX_LENGTH }, { type: 'number' }],
  },
  description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters.`,
};

/** What a request may send as notes: the object, or `[]` (many clients send it for "no notes"; it is stored as `{}`). */
export function notesInput(example?: Record<string, string>) {
  return {
    oneOf: [
      { ...notes, propertyNames: { maxLength: NOTES_MAX_LENGTH } },
      { type: 'array', maxItems: 0 },
    ],
    description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters, values strings or numbers. \`[]\` is read as no notes.`,
    ...(example ? { examples: [example] } : {}),
  };
}

/** An amount field of a request: integer minor units, or an integer string (the SDK types allow it). */
export function amount(name: string, description: string, minimum = 100) {
  return {
    oneOf: [
      { type: 'integer', minimum, maximum: MAX_AMOUNT },
      { type: 'string', pattern: '^\\d{1,15}$' },
    ],
    description: `${description} An integer in the smallest currency unit (paise, cents), at least ${minimum} and at most ${MAX_AMOUNT}; an integer string such as "50000" is read as that number (50.5, "50.5" and "5e3" are refused: "The ${name} must be an integer in the smallest currency unit (e.g. paise).").`,
  };
}

/** A flag as clients send it: true/false, 1/0 or "1"/"0". */
export const flag = (description: string) => ({
  oneOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false'] }],
  default: false,
  description,
});

/** An object whose properties are always all there, such as an entity as the API answers it. */
export const allRequired = (properties: Record<string, unknown>) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

/** How an operation names the entity it acts on. */
interface EntityNames {
  tag: string;
  /** The entity in words, lower case unless a name: `order`, `QR code`. */
  noun: string;
  /** Its schema, which also names the operation: `Order` → fetchOrder. */
  schema: string;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** GET of an entity by its id, answered with the entity. */
export const fetchOperation = ({ tag, noun, schema }: EntityNames, parameters: unknown[]) => ({
  tags: [tag],
  summary: `Fetch ${withArticle(noun)}`,
  operationId: `fetch${schema}`,
  parameters,
  responses: answers(`The ${noun}`, ref(schema)),
});

/** GET of an entity's list, newest first, answered with a page of them (their `<schema>Collection`). */
export const listOperation = (
  { tag, noun, schema }: EntityNames,
  parameters: unknown,
  description?: string,
) => ({
  tags: [tag],
  summary: `List ${noun}s, newest first`,
  operationId: `list${schema}s`,
  ...(description === undefined ? {} : { description }),
  parameters,
  responses: answers(`A page of ${noun}s`, ref(`${schema}Collection`)),
});

/** PATCH of an entity's notes alone (its `Edit<schema>` body: notesEdit), answered with the entity. */
export const editNotesOperation = ({ tag, noun, schema }: EntityNames, parameters: unknown[]) => ({
  tags: [tag],
  summary: `Edit the notes of ${withArticle(noun)}`,
  operationId: `edit${schema}`,
  parameters,
  requestBody: { required: true, ...json(ref(`Edit${schema}`)) },
  responses: answers(`The ${noun} with its new notes`, ref(schema)),
});

/** The body that edits an entity's notes alone: they replace its notes, nothing else may come. */
export function notesEdit(
  noun: string,
  examples: { input?: Record<string, string>; sent: Record<string, string> },
) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['notes'],
    description: `Only the notes of ${withArticle(noun)} can change; they replace the notes it had. Any other field is refused (400 naming it: "<field> is/are not required and should not be sent"); without notes: "The notes field is required.".`,
    properties: { notes: notesInput(examples.input) },
    examples: [{ notes: examples.sent }],
  };
}
