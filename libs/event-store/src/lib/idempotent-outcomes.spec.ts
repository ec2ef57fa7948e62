import { ValidationFailed } from '@platform/domain-kit';
import {
  currentKeyedRequest,
  DifferentRequestForKey,
  outcomeDecision,
  requestFingerprint,
  runKeyed,
} from './idempotent-outcomes';

const CAPTURE = '/v1/payments/pay_AbcdefGhijklmn/capture';

describe('requestFingerprint', () => {
  it('is the same for a retry: same method, path and body', () => {
    expect(
      requestFingerprint('POST', CAPTURE, { amount: 5000, currency: 'INR' }).equals(
        requestFingerprint('POST', CAPTURE, { amount: 5000, currency: 'INR' }),
      ),
    ).toBe(true);
  });

  it('differs for another amount, another path, a query or no body', () => {
    const first = requestFingerprint('POST', CAPTURE, { amount: 5000 });
    for (const other of [
      requestFingerprint('POST', CAPTURE, { amount: 5001 }),
      requestFingerprint('POST', '/v1/payments/pay_Other000000000/capture', { amount: 5000 }),
      requestFingerprint('POST', `${CAPTURE}?x=1`, { amount: 5000 }),
      requestFingerprint('POST', CAPTURE, undefined),
    ])
      expect(first.equals(other)).toBe(false);
  });
});

describe('outcomeDecision', () => {
  const fingerprint = requestFingerprint('POST', CAPTURE, { amount: 5000 });

  it('runs a command whose key has no outcome yet', () => {
    expect(outcomeDecision(null, fingerprint)).toBe('run');
  });

  it('replays the outcome recorded for the same request', () => {
    expect(
      outcomeDecision(
        { fingerprint: requestFingerprint('POST', CAPTURE, { amount: 5000 }) },
        fingerprint,
      ),
    ).toBe('replay');
  });

  it('refuses another request that reuses the key', () => {
    expect(
      outcomeDecision(
        { fingerprint: requestFingerprint('POST', CAPTURE, { amount: 1 }) },
        fingerprint,
      ),
    ).toBe('different_request');
  });
});

describe('DifferentRequestForKey', () => {
  it('is a 400 naming the header the key came in', () => {
    const api = new DifferentRequestForKey('api:capture-1');
    expect(api).toBeInstanceOf(ValidationFailed);
    expect(api.description).toBe(
      'Different request with the same idempotency key has already been processed.',
    );
    expect(api.field).toBe('Idempotency-Key');
    expect(new DifferentRequestForKey('refund:refund_0001').field).toBe('X-Refund-Idempotency');
  });
});

describe('runKeyed', () => {
  it('gives every command of the request its key, across awaits, and nothing outside it', async () => {
    const fingerprint = requestFingerprint('POST', CAPTURE, {});
    const seen = await runKeyed('api:k-1', fingerprint, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const request = currentKeyedRequest();
      if (request) request.commands++;
      return currentKeyedRequest();
    });
    expect(seen).toMatchObject({ key: 'api:k-1', commands: 1 });
    expect(currentKeyedRequest()).toBeUndefined();
  });
});
