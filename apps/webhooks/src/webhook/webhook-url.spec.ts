import { isPublicAddress, urlProblem } from './webhook-url';

describe('webhook URL rules', () => {
  it('takes http and https in test mode, only https on 443 in live mode', () => {
    expect(urlProblem('http://example.com:8080/hooks', 'test')).toBeNull();
    expect(urlProblem('https://example.com/hooks', 'live')).toBeNull();
    expect(urlProblem('https://example.com:443/hooks', 'live')).toBeNull();
    expect(urlProblem('http://example.com/hooks', 'live')).toMatch(/https on port 443/);
    expect(urlProblem('https://example.com:8443/hooks', 'live')).toMatch(/https on port 443/);
  });

  it('refuses other schemes, credentials, junk and URLs over 255 characters', () => {
    expect(urlProblem('ftp://example.com/x', 'test')).toMatch(/http or https/);
    expect(urlProblem('not a url', 'test')).toMatch(/http or https/);
    expect(urlProblem('https://user:pw@example.com/', 'test')).toMatch(/credentials/);
    expect(urlProblem(`https://example.com/${'a'.repeat(240)}`, 'test')).toMatch(/255 characters/);
  });
});

describe('addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:93.184.216.34',
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
