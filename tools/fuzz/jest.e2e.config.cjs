/**
 * The short fuzz run (a seeded sample of every operation's variants) as part of `npm test` (this
 * project's `e2e` target). The harness starts its own platform in a child process, as the chaos
 * suite's does, so no global setup.
 */
module.exports = {
  ...require('../../jest.preset.cjs')('e2e'),
  displayName: 'fuzz',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testTimeout: 30000,
  forceExit: true,
};
