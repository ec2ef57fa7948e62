/** The manifests' checks: YAML and JSON read from disk, no cluster and no kubectl. */
module.exports = {
  ...require('../jest.preset.cjs')('unit'),
  displayName: 'deploy',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
};
