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

/**
 * Where integration tests get PostgreSQL (and Kafka): `embedded` (default) starts an embedded cluster
 * per jest run; `containers` starts PostgreSQL and Apache Kafka containers through testcontainers
 * (CONTRIBUTING.md: "Tests against containers").
 */
const TEST_INFRA = process.env.TEST_INFRA || 'embedded';
const INFRA_SETUPS = { embedded: 'postgres', containers: 'containers' };
if (!Object.hasOwn(INFRA_SETUPS, TEST_INFRA))
  throw new Error(`TEST_INFRA must be embedded or containers, not "${TEST_INFRA}"`);
const INFRA_SETUP = `libs/testing-core/src/jest/${INFRA_SETUPS[TEST_INFRA]}.global-`;

/** A project's unit tests: `*.spec.ts` under src, its integration and end-to-end specs left out. */
module.exports.unitTests = (rootDir, displayName) => ({
  ...module.exports('unit'),
  displayName,
  rootDir,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
});

/**
 * A project's integration tests (`*.int.spec.ts` under src and test); with `postgres`, PostgreSQL is
 * started once for the run (libs/testing-core's global setup of TEST_INFRA).
 */
module.exports.integrationTests = (rootDir, displayName, { postgres = false } = {}) => ({
  ...module.exports('int'),
  displayName,
  rootDir,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60000,
  forceExit: true,
  ...(postgres
    ? {
        globalSetup: `<rootDir>/../../${INFRA_SETUP}setup.ts`,
        globalTeardown: `<rootDir>/../../${INFRA_SETUP}teardown.ts`,
      }
    : {}),
});
