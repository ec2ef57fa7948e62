import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { OPENAPI_FILE, openApiFileText } from './openapi-document';

/**
 * `npx nx run gateway:openapi` (run by the gateway's build): writes the OpenAPI document generated
 * from the services' code where the gateway reads it.
 */
void openApiFileText().then((text) => {
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
});
