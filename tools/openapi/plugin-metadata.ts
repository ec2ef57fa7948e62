import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SwaggerModule } from '@nestjs/swagger';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import * as ts from 'typescript';

/**
 * What `@nestjs/swagger`'s CLI plugin reads from the sources (introspectComments: JSDoc as
 * descriptions and `@example`s; classValidatorShim: class-validator rules as schema keywords; the
 * TypeScript types of DTO properties, `?` for optional), for the DTOs (`*.dto.ts`, and every file under a `dtos/` folder)
 * and controllers of `program`.
 *
 * The services are bundled by webpack with swc, which runs no TypeScript transformer, so the plugin
 * cannot run inside their build; instead its "readonly" visitor collects the same metadata from a
 * TypeScript program, the way `nest build` does for swc projects (@nestjs/cli's
 * PluginMetadataGenerator, which this mirrors without the CLI and its watch machinery), and the
 * result is loaded into Nest's swagger module before the document is made. Nothing changes in the
 * services' bundles.
 */
export async function loadPluginMetadata(program: ts.Program, metadataFile: string): Promise<void> {
  const visitor = new ReadonlyVisitor({
    introspectComments: true,
    classValidatorShim: true,
    dtoFileNameSuffix: ['.dto.ts', '/dtos/'],
    controllerFileNameSuffix: ['.controller.ts'],
    pathToSource: dirname(metadataFile),
  });
  for (const sourceFile of program.getSourceFiles())
    if (!sourceFile.isDeclarationFile) visitor.visit(program, sourceFile);
  mkdirSync(dirname(metadataFile), { recursive: true });
  writeFileSync(metadataFile, metadataModule(visitor));
  const metadata = require(metadataFile) as { default: () => Promise<Record<string, unknown>> };
  await SwaggerModule.loadPluginMetadata(metadata.default);
}

type Collected = [ts.Expression, Record<string, unknown>][];

/** `export default async () => { const t = {…}; return {"@nestjs/swagger": {models, controllers}}; }` */
function metadataModule(visitor: ReadonlyVisitor): string {
  const f = ts.factory;
  const typeImports = visitor.typeImports as Record<string, string>;
  const imports = f.createVariableStatement(
    undefined,
    f.createVariableDeclarationList(
      [
        f.createVariableDeclaration(
          't',
          undefined,
          undefined,
          f.createObjectLiteralExpression(
            Object.entries(typeImports).map(([path, expression]) =>
              f.createPropertyAssignment(
                f.createComputedPropertyName(f.createStringLiteral(path)),
                f.createIdentifier(expression),
              ),
            ),
            true,
          ),
        ),
      ],
      ts.NodeFlags.Const,
    ),
  );
  const collected = visitor.collect() as unknown as Record<string, Collected>;
  const body = f.createObjectLiteralExpression([
    f.createPropertyAssignment(
      f.createStringLiteral(visitor.key),
      f.createObjectLiteralExpression(
        Object.entries(collected).map(([kind, files]) =>
          f.createPropertyAssignment(kind, filesLiteral(files)),
        ),
      ),
    ),
  ]);
  const module = f.createExportAssignment(
    undefined,
    undefined,
    f.createArrowFunction(
      [f.createToken(ts.SyntaxKind.AsyncKeyword)],
      undefined,
      [],
      undefined,
      f.createToken(ts.SyntaxKind.EqualsGreaterThanToken),
      f.createBlock([imports, f.createReturnStatement(body)], true),
    ),
  );
  const file = ts.createSourceFile('metadata.ts', '', ts.ScriptTarget.Latest);
  return ts.createPrinter().printNode(ts.EmitHint.Unspecified, module, file);
}

/** `[[import("./a.dto"), {ClassName: {property: {…}}}], …]` */
function filesLiteral(files: Collected): ts.ArrayLiteralExpression {
  const f = ts.factory;
  const literal = (value: unknown): ts.Expression =>
    ts.isObjectLiteralExpression(value as ts.Node)
      ? (value as ts.ObjectLiteralExpression)
      : f.createObjectLiteralExpression(
          Object.entries(value as Record<string, unknown>).map(([key, item]) =>
            f.createPropertyAssignment(f.createStringLiteral(key), literal(item)),
          ),
        );
  return f.createArrayLiteralExpression(
    files.map(([importExpression, classes]) =>
      f.createArrayLiteralExpression([importExpression, literal(classes)]),
    ),
  );
}
