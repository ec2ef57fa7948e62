import {
  firstCharacters,
  isStorableText,
  MAX_JSON_DEPTH,
  tooDeepField,
  unstorableField,
} from './input-rules';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('input rules', () => {
  it.each([
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone low surrogate', 'a\udc00b', false],
    ['a high surrogate at the end', 'emoji \ud83d', false],
    ['an emoji (a surrogate pair)', 'ok \ud83d\ude00', true],
    ['plain text', 'Acme Pvt Ltd', true],
  ])('isStorableText: %s', (_what, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });

  it('names the path of the first string or key that cannot be stored', () => {
    expect(unstorableField({ name: 'fine', notes: { key: 'x\u0000' } }, '')).toBe('notes.key');
    expect(unstorableField({ notes: { ['k\ud800']: 'value' } }, '')).toBe('notes.k\ud800');
    expect(unstorableField({ line_items: [{ name: 'ok' }, { name: '\udc00' }] }, '')).toBe(
      'line_items.1.name',
    );
    expect(unstorableField('\u0000', '')).toBe('body');
    expect(unstorableField({ amount: 100, items: [null, true] }, '')).toBeNull();
  });

  it('leaves the skipped top-level key unchecked, and only that one', () => {
    expect(unstorableField({ '*': 'a/\u0000', id: 'cust_1' }, '', '*')).toBeNull();
    expect(unstorableField({ '*': 'a/b', id: 'cust\u0000' }, '', '*')).toBe('id');
    expect(unstorableField({ notes: { '*': '\ud800' } }, '', '*')).toBe('notes.*');
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and names the top-level field of anything deeper`, () => {
    expect(tooDeepField(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(tooDeepField(nested(MAX_JSON_DEPTH + 1))).toBe('a');
    expect(tooDeepField({ fine: 1, notes: nested(5000) })).toBe('notes');
    let array: unknown = [];
    for (let i = 0; i < 5000; i++) array = [array];
    expect(tooDeepField(array)).toBe('body');
    expect(tooDeepField('text')).toBeNull();
  });

  it('cuts a text on characters, never inside a surrogate pair', () => {
    const emoji = '\u{1F4C4}';
    expect(firstCharacters(emoji.repeat(128), 255)).toBe(emoji.repeat(128));
    expect(firstCharacters(emoji.repeat(300), 255)).toBe(emoji.repeat(255));
    expect(isStorableText(firstCharacters(`a${emoji.repeat(200)}`, 2))).toBe(true);
    expect(firstCharacters('short', 255)).toBe('short');
  });
});
