import { createFormatter, createParser, SchemaGenerator } from 'ts-json-schema-generator';
import type { CompletedConfig } from 'ts-json-schema-generator';
import type * as TS from 'typescript';
import { schemaTypeScript as ts } from './schema-typescript';

type Schema = Record<string, unknown>;

/** A controller method that answers HTTP: its class, its name and the type it declares it returns. */
export interface AnsweringMethod {
  controller: string;
  method: string;
  /** The declared return type, `Promise<…>` included (the generator unwraps it). */
  returnType: TS.TypeNode;
  /** The method's `@returns` JSDoc: what the success answer is, in words. */
  returns?: string;
}

const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

/** Every method of a `@Controller` class in `files` that has an HTTP method decorator. */
export function answeringMethods(program: TS.Program, files: (file: string) => boolean) {
  const methods: AnsweringMethod[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || !files(sourceFile.fileName)) continue;
    for (const statement of sourceFile.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      if (!decoratorNames(statement).includes('Controller')) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        if (!decoratorNames(member).some((name) => HTTP_DECORATORS.has(name))) continue;
        if (!member.type)
          throw new Error(
            `${statement.name.text}.${member.name.text} (${sourceFile.fileName}): declare the return type; the OpenAPI document describes the answer from it`,
          );
        methods.push({
          controller: statement.name.text,
          method: member.name.text,
          returnType: member.type,
          returns: returnsTag(member),
        });
      }
    }
  }
  return methods;
}

function decoratorNames(node: TS.HasDecorators): string[] {
  return (ts.getDecorators(node) ?? []).flatMap((decorator) => {
    const expression = decorator.expression;
    return ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)
      ? [expression.expression.text]
      : [];
  });
}

/**
 * What the JSDoc of each DTO class says of the request it describes, beyond what the plugin reads
 * (the text and `@example`s of properties): the class's text is the schema's description, each of
 * its `@example`s (JSON) one of the schema's examples, and a property's `@defaultValue` (JSON, the
 * TSDoc tag) the value
 * the service uses when the field is left out.
 */
export function requestSchemaDocs(program: TS.Program, names: Set<string>) {
  const docs = new Map<string, Schema & { defaults: Record<string, unknown> }>();
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile) continue;
    for (const statement of sourceFile.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      if (!names.has(statement.name.text)) continue;
      const jsDoc = lastJsDoc(statement);
      const description = ts.getTextOfJSDocComment(jsDoc?.comment)?.trim();
      const examples = tagsOf(jsDoc, 'example').map((text) => JSON.parse(text) as unknown);
      const defaults = Object.fromEntries(
        statement.members.flatMap((member) => {
          const [value] = tagsOf(lastJsDoc(member), 'defaultValue');
          return value !== undefined && member.name && ts.isIdentifier(member.name)
            ? [[member.name.text, JSON.parse(value) as unknown]]
            : [];
        }),
      );
      docs.set(statement.name.text, {
        ...(description ? { description } : {}),
        ...(examples.length > 0 ? { examples } : {}),
        defaults,
      });
    }
  }
  return docs;
}

const lastJsDoc = (node: TS.Node) => ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc).at(-1);

const tagsOf = (jsDoc: TS.JSDoc | undefined, name: string) =>
  (jsDoc?.tags ?? [])
    .filter((tag) => tag.tagName.text === name)
    .map((tag) => ts.getTextOfJSDocComment(tag.comment)?.trim() ?? '');

function returnsTag(node: TS.Node): string | undefined {
  const tag = ts.getJSDocReturnTag(node);
  const text =
    typeof tag?.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag?.comment);
  return text?.trim() || undefined;
}

/**
 * JSON Schemas of the methods' answers, from their TypeScript types (the entities of
 * libs/contracts, the services' response types): the types the code compiles against are the one
 * description of what the API answers. Each named type becomes one definition, referenced wherever
 * it appears; JSDoc on a type or field becomes its description, `@example` its examples.
 */
export function responseSchemas(
  program: TS.Program,
  methods: AnsweringMethod[],
  namedTypes: NamedType[] = [],
) {
  const config: CompletedConfig = {
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    markdownDescription: false,
    fullDescription: false,
    sortProps: false,
    strictTuples: false,
    skipTypeCheck: true,
    encodeRefs: false,
    minify: false,
    extraTags: [],
    additionalProperties: true,
    discriminatorType: 'json-schema',
    functions: 'hide',
  };
  // The program is the generator's own TypeScript's (schemaTypeScript), whose types are its types.
  const own = program as unknown as ConstructorParameters<typeof SchemaGenerator>[0];
  const generator = new SchemaGenerator(
    own,
    createParser(own, config),
    createFormatter(config),
    config,
  );
  const answers = new Map<AnsweringMethod, Schema>();
  const definitions: Record<string, Schema> = {};
  const schemaOf = (node: TS.Node) => {
    const {
      definitions: found = {},
      $schema: _,
      ...schema
    } = generator.createSchemaFromNodes([node as never]) as Schema & {
      definitions?: Record<string, Schema>;
    };
    Object.assign(definitions, found);
    return schema;
  };
  for (const method of methods) answers.set(method, schemaOf(method.returnType));
  for (const named of namedTypes) schemaOf(declarationOf(program, named));
  return withoutAnonymous(answers, definitions);
}

/** A type the document names that no controller returns (the error envelope, a webhook's body). */
export interface NamedType {
  file: string;
  type: string;
}

function declarationOf(program: TS.Program, { file, type }: NamedType): TS.Node {
  const declaration = program
    .getSourceFile(file)
    ?.statements.find(
      (statement) =>
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        statement.name.text === type,
    );
  if (!declaration) throw new Error(`${type} is not declared in ${file}`);
  return declaration;
}

/**
 * The generator makes a definition of every type it meets, also of those without a name (the
 * `{success: boolean}` of a return type, a `Promise`'s `string`): they are written in place.
 */
function withoutAnonymous(
  answers: Map<AnsweringMethod, Schema>,
  definitions: Record<string, Schema>,
) {
  const anonymous = (name: string) => /^def-|^global\./.test(name);
  const inlined = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inlined);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as Schema)['$ref'];
    const name = typeof ref === 'string' ? ref.replace('#/definitions/', '') : undefined;
    if (name !== undefined && anonymous(name)) return inlined(definitions[name]);
    return Object.fromEntries(
      Object.entries(value as Schema).map(([key, item]) => [key, inlined(item)]),
    );
  };
  return {
    answers: new Map([...answers].map(([method, schema]) => [method, inlined(schema) as Schema])),
    definitions: Object.fromEntries(
      Object.entries(definitions)
        .filter(([name]) => !anonymous(name))
        .map(([name, schema]) => [name, inlined(schema) as Schema]),
    ),
  };
}
