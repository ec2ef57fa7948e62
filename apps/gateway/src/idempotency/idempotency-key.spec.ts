import { ValidationFailed } from '@platform/domain-kit';
import { idempotencyKeyOf, isFinalAnswer, requestHash } from './idempotency-key';

const REFUND = '/v1/payments/pay_AbcdefGhijklmn/refund';

describe('idempotencyKeyOf', () => {
  it('reads Idempotency-Key on any POST, and nothing on other methods', () => {
    expect(idempotencyKeyOf('POST', '/v1/orders', { 'idempotency-key': 'order-42' })).toEqual({
      header: 'Idempotency-Key',
      namespace: 'api',
      value: 'order-42',
    });
    expect(idempotencyKeyOf('GET', '/v1/orders', { 'idempotency-key': 'order-42' })).toBeNull();
    expect(idempotencyKeyOf('POST', '/v1/orders', {})).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
    ['a control character', 'a\tb'],
  ])('refuses an Idempotency-Key that is %s, naming the header', (_what, value) => {
    expect(() => idempotencyKeyOf('POST', '/v1/orders', { 'idempotency-key': value })).toThrow(
      expect.objectContaining({ field: 'Idempotency-Key' }),
    );
  });

  it('accepts 255 printable characters, spaces included', () => {
    expect(
      idempotencyKeyOf('POST', '/v1/orders', { 'idempotency-key': `a b~${'x'.repeat(251)}` })
        ?.value,
    ).toHaveLength(255);
  });

  it('reads X-Refund-Idempotency on a payment refund only, in its own namespace', () => {
    expect(idempotencyKeyOf('POST', REFUND, { 'x-refund-idempotency': 'refund_0001' })).toEqual({
      header: 'X-Refund-Idempotency',
      namespace: 'refund',
      value: 'refund_0001',
    });
    expect(
      idempotencyKeyOf('POST', '/v1/orders', { 'x-refund-idempotency': 'refund_0001' }),
    ).toBeNull();
  });

  it('keys a refund carrying both headers by X-Refund-Idempotency', () => {
    expect(
      idempotencyKeyOf('POST', REFUND, {
        'x-refund-idempotency': 'refund_0001',
        'idempotency-key': 'other',
      })?.header,
    ).toBe('X-Refund-Idempotency');
  });

  it.each([
    ['shorter than 10 characters', 'refund_01'],
    ['with a character outside [A-Za-z0-9_-]', 'refund.0001'],
  ])('refuses an X-Refund-Idempotency %s, naming the header', (_what, value) => {
    expect(() => idempotencyKeyOf('POST', REFUND, { 'x-refund-idempotency': value })).toThrow(
      ValidationFailed,
    );
    expect(() => idempotencyKeyOf('POST', REFUND, { 'x-refund-idempotency': value })).toThrow(
      expect.objectContaining({ field: 'X-Refund-Idempotency' }),
    );
  });
});

describe('requestHash', () => {
  const body = Buffer.from('{"amount":100}');

  it('is the same for the same method, path and body bytes', () => {
    expect(
      requestHash('POST', '/v1/orders', body).equals(
        requestHash('POST', '/v1/orders', Buffer.from('{"amount":100}')),
      ),
    ).toBe(true);
  });

  it('differs for another body, path or query', () => {
    const first = requestHash('POST', '/v1/orders', body);
    expect(first.equals(requestHash('POST', '/v1/orders', Buffer.from('{"amount":101}')))).toBe(
      false,
    );
    expect(first.equals(requestHash('POST', '/v1/customers', body))).toBe(false);
    expect(first.equals(requestHash('POST', '/v1/orders?x=1', body))).toBe(false);
  });
});

describe('isFinalAnswer', () => {
  it('keeps successes and refusals, not answers that say "retry"', () => {
    expect([200, 201, 400, 401, 404].every(isFinalAnswer)).toBe(true);
    expect([429, 500, 502, 503, 504].some(isFinalAnswer)).toBe(false);
  });
});
