import { documentTypeOf } from './document-type';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((value) =>
      typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]),
    ),
  );

describe('documentTypeOf', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
    ['a PNG', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13, 'IHDR'), 'image/png'],
    ['a JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'), 'image/jpeg'],
    ['a JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1, 0, 16, 'Exif'), 'image/jpeg'],
  ])('recognises %s by its content', (_, content, mimeType) => {
    expect(documentTypeOf(content)).toBe(mimeType);
  });

  it.each([
    ['an ELF executable', bytes(0x7f, 'ELF', 2, 1, 1)],
    ['a Windows executable', bytes('MZ', 0x90, 0)],
    ['a zip archive', bytes('PK', 3, 4)],
    ['plain text that mentions PDF', bytes('not a %PDF- file')],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG signature', bytes(0x89, 'PNG')],
  ])('refuses %s', (_, content) => {
    expect(documentTypeOf(content)).toBeNull();
  });
});
