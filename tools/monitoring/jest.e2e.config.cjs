/**
 * The dashboard's queries and the alert rules against real Prometheus scraping the platform, as part
 * of `npm test` (skipped without Debian's prometheus). The platform runs in a child process, as
 * `npm start` runs it, so no global setup.
 */
module.exports = {
  ...require('../../jest.preset.cjs')('e2e'),
  displayName: 'monitoring',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testTimeout: 90000,
  forceExit: true,
};
