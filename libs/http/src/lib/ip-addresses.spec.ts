import { clientNetwork, ipv6Bytes } from './ip-addresses';

describe('ipv6Bytes', () => {
  it('reads every text form of an address', () => {
    const hex = (address: string) => Buffer.from(ipv6Bytes(address)!).toString('hex');
    expect(hex('::1')).toBe('00000000000000000000000000000001');
    expect(hex('2001:db8::7:8')).toBe('20010db8000000000000000000070008');
    expect(hex('::ffff:192.0.2.1')).toBe('00000000000000000000ffffc0000201');
    expect(hex('fe80::1%eth0')).toBe('fe800000000000000000000000000001');
    expect(hex('1:2:3:4:5:6:7:8')).toBe('00010002000300040005000600070008');
  });

  it.each(['1::2::3', '::1.2.3.256', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', 'g::1', '12345::'])(
    'refuses %s',
    (address) => expect(ipv6Bytes(address)).toBeNull(),
  );
});

describe('clientNetwork', () => {
  it('is an IPv4 address itself, an IPv4-mapped one as IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });
});
