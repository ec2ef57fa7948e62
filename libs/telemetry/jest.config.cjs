/** Unit tests: pure code, no I/O. */
module.exports = {
  ...require('../../jest.preset.cjs')('unit'),
  displayName: 'telemetry',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
};
