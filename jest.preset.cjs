/**
 * Shared jest settings: TypeScript through @swc/jest (no type-check here; `typecheck` targets do
 * that), decorator metadata on for NestJS, `@platform/*` aliases from tsconfig.base.json.
 */
const { join } = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias}$`,
    join(__dirname, target),
  ]),
);

/** @param {'unit' | 'int' | 'e2e'} suite */
module.exports = (suite) => ({
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  reporters: ['default', [join(__dirname, 'tools/jest/summary-reporter.cjs'), { suite }]],
});
