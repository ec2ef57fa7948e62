import {
  caretAfterDigits,
  cardNetwork,
  cvvLength,
  formatExpiry,
  groupCardNumber,
  hasExpired,
  networkNamed,
  parseExpiry,
  passesLuhn,
} from './card-number';

describe('card numbers', () => {
  it.each([
    ['4100280000001007', 'visa'],
    ['5500670000001002', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['6527658900001005', 'rupay'],
    ['36082800091007', 'diners'],
    ['340256000401007', 'amex'],
    ['6759649826438453', 'maestro'],
    ['9999', 'unknown'],
  ])('%s is %s', (number, network) => {
    expect(cardNetwork(number)).toBe(network);
  });

  it.each([
    ['4100280000001007', '4100 2800 0000 1007'],
    ['4100 2800 0000 1007 999', '4100 2800 0000 1007 999'],
    ['41002', '4100 2'],
    ['340256000401007', '3402 560004 01007'],
    ['3402560004010071234', '3402 560004 01007'],
    ['36082800091007', '3608 280009 1007'],
    ['4100-2800', '4100 2800'],
    ['', ''],
  ])('%p is grouped as %p', (typed, grouped) => {
    expect(groupCardNumber(typed)).toBe(grouped);
  });

  it('keeps the caret after the same digit once regrouped', () => {
    // "4100|2" typed at the end of a group: the caret goes after the new space's digit.
    expect(caretAfterDigits('4100 2', 5)).toBe(6);
    expect(caretAfterDigits('4100 2800', 4)).toBe(4);
    expect(caretAfterDigits('4100 2800', 0)).toBe(0);
    expect(caretAfterDigits('4100', 9)).toBe(4);
  });

  it('the test cards pass the Luhn check; a changed digit does not', () => {
    for (const number of [
      '4100280000001007',
      '5500670000001002',
      '6527658900001005',
      '36082800091007',
      '340256000401007',
      '4111111111111111',
    ])
      expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('4111')).toBe(false);
  });

  it('the CVV has 4 digits for American Express, 3 otherwise', () => {
    expect(cvvLength('amex')).toBe(4);
    expect(cvvLength('visa')).toBe(3);
  });

  it('reads the networks merchants name in config.display', () => {
    expect(networkNamed('MasterCard')).toBe('mastercard');
    expect(networkNamed('American Express')).toBe('amex');
    expect(networkNamed('Bajaj Finserv')).toBeNull();
  });
});

describe('expiry', () => {
  it.each([
    ['1230', '12 / 30'],
    ['12', '12'],
    ['3', '03 / '],
    ['1', '1'],
    ['12 / 3', '12 / 3'],
    ['12/2030', '12 / 30'],
    ['1/2031', '01 / 31'],
  ])('%p is shown as %p', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it.each([
    ['12 / 30', { month: 12, year: 2030 }],
    ['1/2031', { month: 1, year: 2031 }],
    ['0130', { month: 1, year: 2030 }],
    ['13 / 30', null],
    ['00 / 30', null],
    ['12 / 3', null],
  ])('%p reads as %p', (text, expiry) => {
    expect(parseExpiry(text)).toEqual(expiry);
  });

  it('a card is good through its expiry month', () => {
    const now = new Date(2030, 5, 30);
    expect(hasExpired({ month: 6, year: 2030 }, now)).toBe(false);
    expect(hasExpired({ month: 5, year: 2030 }, now)).toBe(true);
    expect(hasExpired({ month: 1, year: 2031 }, now)).toBe(false);
  });
});
