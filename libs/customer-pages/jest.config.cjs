/** Unit tests: pure code, no I/O. */
module.exports = require('../../jest.preset.cjs').unitTests(__dirname, 'customer-pages');
