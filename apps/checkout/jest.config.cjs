/** Unit tests: the checkout's pure code (options, data attributes, display config, money, card numbers, message guards), no browser. */
module.exports = require('../../jest.preset.cjs').unitTests(__dirname, 'checkout');
