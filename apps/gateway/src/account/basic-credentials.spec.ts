import { hasSeveralAuthorizationHeaders, parseBasicCredentials } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('parseBasicCredentials', () => {
  it('reads the key id and secret', () => {
    expect(parseBasicCredentials(basic('rzp_test_AbCdEfGhIjKlMn:s3cr3t'))).toEqual({
      keyId: 'rzp_test_AbCdEfGhIjKlMn',
      secret: 's3cr3t',
    });
  });

  it('keeps colons inside the secret', () => {
    expect(parseBasicCredentials(basic('key:a:b'))).toEqual({ keyId: 'key', secret: 'a:b' });
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['bad base64', 'Basic !!!'],
    ['no colon', basic('justakey')],
    ['an empty key id', basic(':secret')],
    ['an empty secret', basic('key:')],
    ['a padded key id', basic(' key:secret')],
    ['a padded secret', basic('key:secret ')],
    ['a tab in the secret', basic('key:sec\tret')],
    [
      'lowercase scheme with extra spaces',
      `basic  ${Buffer.from('key:secret').toString('base64')}`,
    ],
  ])('refuses %s', (_, header) => {
    expect(parseBasicCredentials(header)).toBeNull();
  });
});

describe('parseBasicCredentials with an empty secret allowed', () => {
  it('reads a key id with an empty secret, and any full pair as usual', () => {
    expect(parseBasicCredentials(basic('rzp_test_AbCdEfGhIjKlMn:'), { emptySecret: true })).toEqual(
      { keyId: 'rzp_test_AbCdEfGhIjKlMn', secret: '' },
    );
    expect(parseBasicCredentials(basic('key:s3cr3t'), { emptySecret: true })).toEqual({
      keyId: 'key',
      secret: 's3cr3t',
    });
  });

  it.each([
    ['an empty key id', basic(':')],
    ['a padded secret', basic('key: ')],
    ['no colon', basic('justakey')],
  ])('still refuses %s', (_, header) => {
    expect(parseBasicCredentials(header, { emptySecret: true })).toBeNull();
  });
});

describe('hasSeveralAuthorizationHeaders', () => {
  it('counts the Authorization headers as sent, whatever their case', () => {
    expect(hasSeveralAuthorizationHeaders(['Host', 'x', 'Authorization', 'Basic a'])).toBe(false);
    expect(
      hasSeveralAuthorizationHeaders([
        'Authorization',
        'Basic a',
        'Host',
        'x',
        'authorization',
        'Basic b',
      ]),
    ).toBe(true);
    expect(hasSeveralAuthorizationHeaders(['Host', 'x'])).toBe(false);
  });
});
