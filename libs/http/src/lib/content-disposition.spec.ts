import { validateHeaderValue } from 'node:http';
import { attachmentDisposition } from './content-disposition';

const savedName = (header: string): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : /filename="([^"]*)"/.exec(header)![1];
};

describe('attachmentDisposition', () => {
  it.each([
    ['प्रमाण.png', '______.png'],
    ['领收书.pdf', '___.pdf'],
    ['receipt 🧾.jpg', 'receipt _.jpg'],
    ['café.pdf', 'caf_.pdf'],
    ["it's (final) 100%*.pdf", "it's (final) 100%*.pdf"],
    ['say "hi"\\now.pdf', 'say _hi__now.pdf'],
  ])('names %j with an ASCII fallback %j and the exact name in filename*', (name, fallback) => {
    const header = attachmentDisposition(name);
    expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
    expect(header.startsWith(`attachment; filename="${fallback}"`)).toBe(true);
    expect(savedName(header)).toBe(name);
  });

  it('sends a plain ASCII name once, as it is', () => {
    expect(attachmentDisposition('delivery-proof.pdf')).toBe(
      'attachment; filename="delivery-proof.pdf"',
    );
  });

  it('replaces control characters, line breaks among them, in both forms', () => {
    const header = attachmentDisposition('a\r\nSet-Cookie: x\u0000\u007f\u0085é.pdf');
    expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
    expect([...header].filter((c) => c < ' ' || c === '\u007f')).toEqual([]);
    expect(savedName(header)).toBe('a__Set-Cookie: x___é.pdf');
  });

  it('encodes a lone surrogate as U+FFFD rather than throwing', () => {
    expect(savedName(attachmentDisposition('a\ud800.pdf'))).toBe('a\ufffd.pdf');
  });
});
