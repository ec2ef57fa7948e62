/** Integration tests: a real broker on a real port, driven by kafkajs and NestJS over TCP. */
module.exports = {
  ...require('../../jest.preset.cjs')('int'),
  displayName: 'embedded-kafka:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 60000,
  // Safety net: a failed test must never keep CI waiting on a socket it left open.
  forceExit: true,
};
