/**
 * End to end: the whole platform started by the real launcher (embedded PostgreSQL, the dev broker
 * and the five built services as processes), driven over HTTP through the gateway.
 */
module.exports = {
  ...require('../../jest.preset.cjs')('e2e'),
  displayName: 'platform-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testTimeout: 60000,
  forceExit: true,
  globalSetup: '<rootDir>/test/support/platform.global-setup.ts',
  globalTeardown: '<rootDir>/test/support/platform.global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/traffic.setup.ts'],
  // openapi-backend's $ref parser ships as ES modules only: compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!@apidevtools/json-schema-ref-parser/)'],
  testSequencer: '<rootDir>/test/support/contracts-last.sequencer.cjs',
};
