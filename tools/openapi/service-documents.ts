import { join } from 'node:path';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { NestFactory } from '@nestjs/core';
import type { NestContainer } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
// The payments service reads uploads through @fastify/multipart, whose types extend Fastify's request.
import type {} from '@fastify/multipart';
import * as ts from 'typescript';
import { ValidationRules } from './validation-keywords';
import { AppModule as BillingModule } from '../../apps/billing/src/app.module';
import { BillingConfig } from '../../apps/billing/src/billing.config';
import { AppModule as PaymentsModule } from '../../apps/payments/src/app.module';
import { PaymentsConfig } from '../../apps/payments/src/payments.config';
import { AppModule as SettlementsModule } from '../../apps/settlements/src/app.module';
import { SettlementsConfig } from '../../apps/settlements/src/settlements.config';
import { AppModule as WebhooksModule } from '../../apps/webhooks/src/app.module';
import { WebhooksConfig } from '../../apps/webhooks/src/webhooks.config';

export const ROOT = join(__dirname, '..', '..');

/** The services behind the gateway, each with its module as it runs (default settings). */
export const SERVICES = {
  billing: () => BillingModule.register(new BillingConfig()),
  payments: () => PaymentsModule.register(new PaymentsConfig()),
  settlements: () => SettlementsModule.register(new SettlementsConfig()),
  webhooks: () => WebhooksModule.register(new WebhooksConfig()),
};
export type ServiceName = keyof typeof SERVICES;

/**
 * One TypeScript program over every service's sources (and the libs they import), made with the
 * given TypeScript (the project's, or the one ts-json-schema-generator reads).
 */
export function servicesProgram(typescript: typeof ts = ts): ts.Program {
  const rootNames = Object.keys(SERVICES).flatMap((service) => {
    const file = join(ROOT, 'apps', service, 'tsconfig.lib.json');
    const parsed = typescript.getParsedCommandLineOfConfigFile(file, undefined, {
      ...typescript.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(typescript.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    return parsed?.fileNames ?? [];
  });
  const options = typescript.getParsedCommandLineOfConfigFile(
    join(ROOT, 'apps', 'payments', 'tsconfig.lib.json'),
    undefined,
    { ...typescript.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )?.options;
  const program = typescript.createProgram({ rootNames, options: { ...options, noEmit: true } });
  // Binding the program sets every node's parent, which reading JSDoc (`@returns`) needs.
  program.getTypeChecker();
  return program;
}

/**
 * The service's operations as `@nestjs/swagger` reads them from its controllers (with the plugin's
 * metadata loaded): every route of the service, internal ones included. The app is made in preview
 * mode: its modules are scanned, nothing is instantiated or connected.
 */
export async function serviceDocument(service: ServiceName): Promise<OpenAPIObject> {
  const app = await NestFactory.create(SERVICES[service](), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  const document = SwaggerModule.createDocument(app, new DocumentBuilder().build(), {
    operationIdFactory: (controller, method) => `${controller}.${method}`,
    autoTagControllers: false,
  });
  const controllers = controllersOf(app);
  await app.close();
  return withValidationRules(document, controllers);
}

type Class = new () => object;

function controllersOf(app: unknown): Map<string, Class> {
  const modules = (app as { container: NestContainer }).container.getModules();
  return new Map(
    [...modules.values()].flatMap((module) =>
      [...module.controllers.values()].map((wrapper) => [wrapper.name, wrapper.metatype as Class]),
    ),
  );
}

/** The document with what the DTOs' class-validator rules say (see ValidationRules). */
function withValidationRules(
  document: OpenAPIObject,
  controllers: Map<string, Class>,
): OpenAPIObject {
  const rules = new ValidationRules();
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [
      name,
      rules.bodySchema(name, schema as Record<string, unknown>),
    ]),
  );
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([verb, operation]) => {
          const { operationId, parameters } = operation as {
            operationId: string;
            parameters?: Record<string, unknown>[];
          };
          const [controller, method] = operationId.split('.') as [string, string];
          const target = controllers.get(controller);
          const completed = target
            ? { ...withSuccess(operation, target, method, verb), operationId }
            : operation;
          return [
            verb,
            target && parameters
              ? { ...completed, parameters: rules.queryParameters(target, method, parameters) }
              : completed,
          ];
        }),
      ),
    ]),
  );
  return { ...document, paths, components: { ...document.components, schemas } } as OpenAPIObject;
}

/**
 * The operation with its success answer: @nestjs/swagger leaves it out when a handler states only
 * its errors (`@ApiBadRequestResponse`); its status is the handler's (`@HttpCode`, else Nest's).
 */
function withSuccess<T extends object>(
  operation: T,
  target: Class,
  method: string,
  verb: string,
): T {
  const responses = (operation as { responses?: Record<string, unknown> }).responses ?? {};
  if (Object.keys(responses).some((status) => status.startsWith('2'))) return operation;
  const handler = (target.prototype as Record<string, unknown>)[method] as object;
  const status =
    (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
    (verb === 'post' ? 201 : 200);
  return { ...operation, responses: { [String(status)]: { description: '' }, ...responses } };
}
