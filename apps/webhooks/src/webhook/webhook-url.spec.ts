import { ipv6Bytes } from '@platform/http';
import { embeddedIpv4s, isPublicAddress, normalisedUrl, urlProblem } from './webhook-url';

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

describe('webhook URLs as the WHATWG parser reads them', () => {
  it.each([
    ['http:///x', /valid http or https URL/],
    ['http:/example.com/x', /valid http or https URL/],
    ['//example.com/x', /valid http or https URL/],
    ['/hooks', /valid http or https URL/],
    ['https://', /valid http or https URL/],
    ['https://:443/x', /valid http or https URL/],
    ['https://example.com/x\r\nX-Injected: 1', /line breaks/],
    ['https://example.com/\nx', /line breaks/],
    ['https://exa\tmple.com/x', /control characters/],
    [' https://example.com/x', /valid http or https URL/],
    ['https://example.com/a b', /spaces/],
    ['https://example.com\\@evil.example/x', /backslashes/],
    ['https:\\\\example.com/x', /valid http or https URL/],
    ['https://example.com:0/x', /port 0/],
    ['http://example.com:00/x', /port 0/],
    ['https://@example.com/x', /credentials/],
    ['https://user@example.com/x', /credentials/],
    ['https://:pw@example.com/x', /credentials/],
    ['javascript:alert(1)//https://example.com', /valid http or https URL/],
  ])('refuses %j', (url, problem) => {
    expect(urlProblem(url, 'test')).toMatch(problem);
  });

  it('stores the normalised form: scheme and host lower case, default port and dot segments gone', () => {
    const sent = 'HTTPS://Hooks.Example.COM:443/a/../razorpay?x=1';
    expect(urlProblem(sent, 'live')).toBeNull();
    expect(normalisedUrl(sent)).toBe('https://hooks.example.com/razorpay?x=1');
    expect(normalisedUrl('http://example.com')).toBe('http://example.com/');
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
    // IPv4-mapped and IPv4-compatible, dotted and in hex
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['::127.0.0.1', '127.0.0.1'],
    ['::a9fe:a9fe', '169.254.169.254'],
    ['::10.0.0.1', '10.0.0.1'],
    // NAT64 (RFC 6052), its local-use prefix (RFC 8215) refused outright
    ['64:ff9b::127.0.0.1', '127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    // 6to4
    ['2002:7f00:1::', '127.0.0.1'],
    ['2002:a9fe:a9fe:1234::1', '169.254.169.254'],
    ['2002:c0a8:101::1', '192.168.1.1'],
    // Teredo: the client is the last 32 bits inverted (0x80ffffff is 127.0.0.0 ^ 0xffffffff)
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
    ['2001:0:4136:e378:8000:63bf:5601:5601', '169.254.169.254 (a9fe:a9fe inverted)'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'a Teredo server at 10.0.0.1'],
  ])('refuses %s, which leads to %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('decodes the IPv4 address each IPv6 form embeds', () => {
    const decode = (address: string) => embeddedIpv4s(ipv6Bytes(address)!);
    expect(decode('::ffff:93.184.216.34')).toEqual(['93.184.216.34']);
    expect(decode('::5db8:d822')).toEqual(['93.184.216.34']);
    expect(decode('64:ff9b::5db8:d822')).toEqual(['93.184.216.34']);
    expect(decode('2002:5db8:d822::1')).toEqual(['93.184.216.34']);
    expect(decode('2001:0:4136:e378:8000:63bf:a247:27dd')).toEqual([
      '65.54.227.120',
      '93.184.216.34',
    ]);
    expect(decode('2606:2800:220:1:248:1893:25c8:1946')).toEqual([]);
    expect(ipv6Bytes('1::2::3')).toBeNull();
    expect(ipv6Bytes('::1.2.3.256')).toBeNull();
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
    '2001:0:4136:e378:8000:63bf:a247:27dd',
  ])('takes %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
