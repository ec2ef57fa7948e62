/** The Markdown files' links, read from disk: pure code and the repository's own files, no I/O beyond reading. */
module.exports = {
  ...require('../../jest.preset.cjs')('unit'),
  displayName: 'docs',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
