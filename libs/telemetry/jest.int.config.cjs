/** Integration tests: real PostgreSQL and a real Kafka-protocol broker. */
module.exports = {
  ...require('../../jest.preset.cjs')('int'),
  displayName: 'telemetry:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60000,
  forceExit: true,
};
