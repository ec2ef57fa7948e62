/** Unit tests: the variants and the verdicts, pure code, no I/O. */
module.exports = {
  ...require('../../jest.preset.cjs')('unit'),
  displayName: 'fuzz',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
