type Json = Record<string, unknown>;

/**
 * The components' names as the document shows them: the code's class and type names without their
 * role suffix (`PaymentEntity` → `Payment`, `CreateOrderDto` → `CreateOrder`), a page of an entity
 * as `<Entity>Collection` (`Collection<PaymentEntity>` → `PaymentCollection`), and a request part
 * named like an entity with `Input` (`BillLineItemDto` → `BillLineItemInput`).
 */
export function schemaNames(answers: Json, requests: Json): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Map<string, string>();
  const name = (type: string, shown: string) => {
    const other = taken.get(shown);
    if (other !== undefined && other !== type)
      throw new Error(`${type} and ${other} would both be named ${shown} in the document`);
    taken.set(shown, type);
    names.set(type, shown);
  };
  for (const type of Object.keys(answers)) {
    const page = /^Collection<(\w+)>$/.exec(type);
    if (page) name(type, `${bare(page[1] as string)}Collection`);
    else if (/^\w+$/.test(type)) name(type, bare(type));
    else throw new Error(`${type}: give this type a name of its own`);
  }
  for (const type of Object.keys(requests))
    name(type, taken.has(bare(type)) ? `${bare(type)}Input` : bare(type));
  return names;
}

const bare = (name: string) => name.replace(/(Dto|Entity)$/, '');

/**
 * The fragment in the document's dialect, OpenAPI 3.1 (JSON Schema 2020-12):
 * - references point at `#/components/schemas/<shown name>`;
 * - `nullable: true` (what @nestjs/swagger writes) becomes a `null` type;
 * - a schema's `example` (what the plugin writes) is one of its `examples`;
 * - every number is an integer (amounts are in the currency's smallest unit, times in Unix seconds,
 *   counts are counts) unless it is marked `format: double` (`@format double` in JSDoc) or its
 *   values are fractions (the GST rates);
 * - line breaks of wrapped comments are spaces, paragraphs and list items stay.
 */
export function normalized<T>(fragment: T, names: Map<string, string>): T {
  const visit = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (typeof value === 'string')
      return key === 'description' || key === 'summary' ? unwrapped(value) : value;
    if (value === null || typeof value !== 'object') return value;
    if (key === 'examples' || key === 'example' || key === 'default') return value;
    const object = Object.fromEntries(
      Object.entries(value as Json).map(([name, item]) =>
        name === 'properties' || name === 'paths' || name === 'schemas'
          ? [name, visitEach(item as Json, name === 'schemas')]
          : [name, visit(item, name)],
      ),
    );
    return schemaIn31(withRenamedRef(object, names));
  };
  const visitEach = (map: Json, renamed: boolean): Json =>
    Object.fromEntries(
      Object.entries(map).map(([name, item]) => [
        renamed ? (names.get(name) ?? name) : name,
        visit(item),
      ]),
    );
  return visit(fragment) as T;
}

function withRenamedRef(schema: Json, names: Map<string, string>): Json {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const name = decodeURIComponent(ref.replace(/^#\/(definitions|components\/schemas)\//, ''));
  const shown = names.get(name);
  if (shown === undefined) throw new Error(`${ref}: no such schema`);
  return { ...schema, $ref: `#/components/schemas/${shown}` };
}

function schemaIn31(schema: Json): Json {
  const { nullable, ...rest } = schema;
  const typed = withExamples(integers(rest));
  // What @nestjs/swagger adds beside an explicit `oneOf` (the property's TypeScript type) is no
  // part of the schema: each branch says its own.
  if ('oneOf' in typed) {
    if (typed['additionalProperties'] === true) delete typed['additionalProperties'];
    delete typed['type'];
  }
  if (nullable !== true) return typed;
  const type = typed['type'];
  if (typeof type === 'string') return { ...typed, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...typed, type: [...new Set([...type, 'null'])] };
  if (Array.isArray(typed['oneOf']))
    return { ...typed, oneOf: [...(typed['oneOf'] as Json[]), { type: 'null' }] };
  const { description, ...inner } = typed;
  const single = Array.isArray(inner['allOf']) && inner['allOf'].length === 1;
  return {
    anyOf: [single ? (inner['allOf'] as Json[])[0] : inner, { type: 'null' }],
    ...(description === undefined ? {} : { description }),
  };
}

/** JSON Schema's `examples` (a list) for the plugin's single `example` of a schema. */
function withExamples(schema: Json): Json {
  if (!('example' in schema) || 'in' in schema) return schema;
  const { example, ...rest } = schema;
  return { ...rest, examples: [example] };
}

function integers(schema: Json): Json {
  const values = [...((schema['enum'] as unknown[]) ?? []), schema['const']];
  if (
    schema['format'] === 'double' ||
    values.some((value) => typeof value === 'number' && !Number.isInteger(value))
  )
    return schema;
  const type = schema['type'];
  if (type === 'number') return { ...schema, type: 'integer' };
  if (Array.isArray(type) && type.includes('number'))
    return { ...schema, type: type.map((item) => (item === 'number' ? 'integer' : item)) };
  return schema;
}

/** Joins the lines of a wrapped paragraph; keeps blank lines, list items and table rows. */
function unwrapped(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/(?<=[^\n])\n(?=[^\n*\-|])/g, ' ')
    .trim();
}
