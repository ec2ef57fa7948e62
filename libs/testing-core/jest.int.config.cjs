/** Integration tests: real PostgreSQL and a real Kafka-protocol broker. */
module.exports = require('../../jest.preset.cjs').integrationTests(__dirname, 'testing-core:int', {
  postgres: true,
});
