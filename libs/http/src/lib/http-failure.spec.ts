import { ValidationFailed } from '@platform/domain-kit';
import { DependencyUnavailable } from './dependency-unavailable';
import { toHttpFailure } from './http-failure';

describe('toHttpFailure', () => {
  it('answers 503 with Retry-After when another service could not be asked', () => {
    const failure = toHttpFailure(new DependencyUnavailable('the owner of customer cust_1'));
    expect(failure).toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
      unexpected: false,
      body: { error: { code: 'SERVER_ERROR', reason: 'service_unavailable' } },
    });
  });

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a server shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a lost connection wrapped by TypeORM',
      new Error('query failed', {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
    ],
  ])('answers 503 for PostgreSQL unreachable: %s', (_what, error) => {
    expect(toHttpFailure(error)).toMatchObject({ status: 503, retryAfterSeconds: 5 });
  });

  it('keeps 500 for a fault of ours and 400 for a domain rule', () => {
    expect(toHttpFailure(new TypeError('x is undefined'))).toMatchObject({
      status: 500,
      unexpected: true,
    });
    expect(
      toHttpFailure(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toMatchObject({ status: 500 });
    expect(toHttpFailure(new ValidationFailed('The amount is too large', 'amount'))).toMatchObject({
      status: 400,
      body: { error: { field: 'amount' } },
    });
  });
});
