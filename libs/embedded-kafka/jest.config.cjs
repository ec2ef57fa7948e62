/** Unit tests: pure code, no sockets. */
module.exports = {
  ...require('../../jest.preset.cjs')('unit'),
  displayName: 'embedded-kafka',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['\\.int\\.spec\\.ts$'],
};
