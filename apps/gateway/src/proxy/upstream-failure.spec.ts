import { classifyUpstreamFailure, mayResend } from './upstream-failure';

const failure = (code: string, message = code) => Object.assign(new Error(message), { code });
const refused = classifyUpstreamFailure(
  failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'),
);
const lost = classifyUpstreamFailure(failure('UND_ERR_SOCKET', 'other side closed'));
const timedOut = classifyUpstreamFailure(failure('UND_ERR_HEADERS_TIMEOUT'));

describe('classifyUpstreamFailure', () => {
  it('answers 503 for a refused connection, which never reached the service', () => {
    expect(refused).toEqual({ status: 503, stage: 'not_sent' });
  });

  it('answers 503 for a connection lost after the request was written: it may have been applied', () => {
    expect(lost).toEqual({ status: 503, stage: 'lost' });
    expect(classifyUpstreamFailure(failure('ECONNRESET'))).toEqual({ status: 503, stage: 'lost' });
  });

  it('answers 504 for a service too slow to answer', () => {
    expect(timedOut).toEqual({ status: 504, stage: 'timed_out' });
  });
});

describe('mayResend', () => {
  it('resends a read after a refused or lost connection', () => {
    expect(mayResend('GET', false, refused)).toBe(true);
    expect(mayResend('HEAD', false, lost)).toBe(true);
  });

  it('resends a keyed POST only when it never reached the service', () => {
    expect(mayResend('POST', true, refused)).toBe(true);
    expect(mayResend('POST', true, lost)).toBe(false);
  });

  it('never resends a write without a key, nor anything that timed out', () => {
    expect(mayResend('POST', false, refused)).toBe(false);
    expect(mayResend('PATCH', false, refused)).toBe(false);
    expect(mayResend('GET', false, timedOut)).toBe(false);
  });
});
