/** Unit tests: the dashboard's pure code (money, CSV, daily totals), no browser. */
module.exports = require('../../jest.preset.cjs').unitTests(__dirname, 'dashboard');
