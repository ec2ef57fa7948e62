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
  testSequencer: '<rootDir>/test/support/contracts-last.sequencer.cjs',
};
