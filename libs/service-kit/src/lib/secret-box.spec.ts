import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from './secret-box';

describe('secrets at rest', () => {
  const key = randomBytes(32);

  it('seals a secret so that only the key opens it, differently each time', () => {
    const sealed = sealSecret('whsec-123', key);
    expect(sealed).not.toContain('whsec-123');
    expect(sealed).not.toBe(sealSecret('whsec-123', key));
    expect(openSecret(sealed, key)).toBe('whsec-123');
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
  });

  it('refuses a ciphertext that was changed', () => {
    const [version, iv, tag, ciphertext] = sealSecret('whsec-123', key).split(':');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] ^= 1;
    expect(() =>
      openSecret([version, iv, tag, flipped.toString('base64url')].join(':'), key),
    ).toThrow();
  });
});
