/* eslint-disable @nx/enforce-module-boundaries -- the test regenerates the document with the tool that writes it */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiFileText } from '../../../../tools/openapi/openapi-document';

describe('the OpenAPI document the gateway serves and routes by', () => {
  it('is what the code generates (regenerate with `npx nx run gateway:openapi`)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await openApiFileText());
  }, 180_000);
});
