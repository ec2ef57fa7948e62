import { BREAKER_FAILURES, BREAKER_PAUSE_MS, CircuitBreakers } from './circuit-breakers';

describe('the circuit breaker of a webhook', () => {
  const failTimes = (breakers: CircuitBreakers, times: number, now: number) =>
    Array.from({ length: times }, () => breakers.record('wh_1', false, now));

  it('opens on the tenth failure in a row, and only then', () => {
    const breakers = new CircuitBreakers();
    expect(failTimes(breakers, BREAKER_FAILURES - 1, 0)).not.toContain(true);
    expect(breakers.stateOf('wh_1', 0)).toBe('closed');
    expect(breakers.record('wh_1', false, 0)).toBe(true);
    expect(breakers.stateOf('wh_1', 1)).toBe('open');
    expect([...breakers.tripped(1)]).toEqual([['wh_1', 'open']]);
  });

  it('a success in between starts the count again', () => {
    const breakers = new CircuitBreakers();
    failTimes(breakers, BREAKER_FAILURES - 1, 0);
    breakers.record('wh_1', true, 0);
    failTimes(breakers, BREAKER_FAILURES - 1, 0);
    expect(breakers.stateOf('wh_1', 0)).toBe('closed');
  });

  it('after the pause lets one attempt through: a failure pauses again, a success closes it', () => {
    const breakers = new CircuitBreakers();
    failTimes(breakers, BREAKER_FAILURES, 0);
    expect(breakers.stateOf('wh_1', BREAKER_PAUSE_MS - 1)).toBe('open');
    expect(breakers.stateOf('wh_1', BREAKER_PAUSE_MS)).toBe('half-open');
    expect(breakers.record('wh_1', false, BREAKER_PAUSE_MS)).toBe(true);
    expect(breakers.stateOf('wh_1', BREAKER_PAUSE_MS + 1)).toBe('open');
    breakers.record('wh_1', true, 2 * BREAKER_PAUSE_MS);
    expect(breakers.stateOf('wh_1', 2 * BREAKER_PAUSE_MS)).toBe('closed');
    expect([...breakers.tripped(2 * BREAKER_PAUSE_MS)]).toEqual([]);
  });

  it('failures of attempts already in flight while it is open do not lengthen the pause', () => {
    const breakers = new CircuitBreakers();
    failTimes(breakers, BREAKER_FAILURES, 0);
    expect(breakers.record('wh_1', false, 5)).toBe(false);
    expect(breakers.stateOf('wh_1', BREAKER_PAUSE_MS)).toBe('half-open');
  });

  it('keeps webhooks apart', () => {
    const breakers = new CircuitBreakers();
    failTimes(breakers, BREAKER_FAILURES, 0);
    expect(breakers.stateOf('wh_2', 0)).toBe('closed');
  });
});
