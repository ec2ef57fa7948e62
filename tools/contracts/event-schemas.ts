import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const ROOT = join(__dirname, '..', '..');

/** Where the generated schemas live: a TypeScript module, so every bundle that needs them has them. */
export const EVENT_SCHEMAS_MODULE = join(
  ROOT,
  'libs/contracts/src/lib/generated/topic-messages.schema.ts',
);

/** The module's text (left out of Prettier's checks, .prettierignore: it is generated). */
export function eventSchemasModule(): string {
  return [
    '// Generated from TopicMessages (../topic-messages.ts) by `npm run contracts:schemas`; do not edit.',
    '// A test fails when it differs from what the types generate.',
    `export const TOPIC_MESSAGES_SCHEMA = ${JSON.stringify(topicMessagesSchema(), null, 2)} as const;`,
    '',
  ].join('\n');
}

/**
 * The JSON Schema of `TopicMessages` (libs/contracts): a definition per event type, generated from
 * the TypeScript types producers compile against.
 */
export function topicMessagesSchema(): Schema {
  return withNamedEvents(
    createGenerator({
      path: join(ROOT, 'libs/contracts/src/lib/topic-messages.ts'),
      tsconfig: join(ROOT, 'libs/contracts/tsconfig.lib.json'),
      type: 'TopicMessages',
      expose: 'export',
      topRef: true,
      jsDoc: 'basic',
      additionalProperties: true,
      skipTypeCheck: true,
    }).createSchema('TopicMessages') as Schema,
  );
}

type Schema = { definitions: Record<string, unknown> } & Record<string, unknown>;

/**
 * The generator names each instance of the generic envelope after its source position
 * (`IntegrationEvent<"payment.captured",structure-…>`): unreadable, and changed by any edit. Each
 * such definition goes under the name of the event type that aliases it (`PaymentCapturedEvent`).
 */
function withNamedEvents(schema: Schema): Schema {
  const renames = new Map<string, string>();
  for (const [name, definition] of Object.entries(schema.definitions)) {
    const target = (definition as { $ref?: string }).$ref;
    const generic = target && decodeURIComponent(target.replace('#/definitions/', ''));
    if (generic?.startsWith('IntegrationEvent<') && !renames.has(generic))
      renames.set(generic, name);
  }
  const definitions = Object.fromEntries(
    Object.entries(schema.definitions)
      .filter(([name]) => !renames.has(name))
      .map(([name, definition]) => {
        const target = (definition as { $ref?: string }).$ref;
        const generic = target && decodeURIComponent(target.replace('#/definitions/', ''));
        return [
          name,
          generic && renames.get(generic) === name ? schema.definitions[generic] : definition,
        ];
      }),
  );
  const text = JSON.stringify({ ...schema, definitions }).replace(
    /"#\/definitions\/([^"]+)"/g,
    (ref, encoded: string) => {
      const renamed = renames.get(decodeURIComponent(encoded));
      return renamed ? `"#/definitions/${renamed}"` : ref;
    },
  );
  return JSON.parse(text) as Schema;
}
