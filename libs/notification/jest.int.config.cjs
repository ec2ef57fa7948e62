/** Integration tests (add { postgres: true } for the embedded PostgreSQL). */
module.exports = require('../../jest.preset.cjs').integrationTests(__dirname, 'notification:int');
