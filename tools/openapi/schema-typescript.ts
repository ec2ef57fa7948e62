import { dirname } from 'node:path';
import type * as TypeScript from 'typescript';

/**
 * The TypeScript that ts-json-schema-generator is built against: it depends on its own major (5.x
 * while the project is on 6.x), and reads programs and types only of that one right (type flags
 * differ between majors). The programs it reads are made with it.
 */
export const schemaTypeScript = require(
  require.resolve('typescript', { paths: [dirname(require.resolve('ts-json-schema-generator'))] }),
) as typeof TypeScript;
