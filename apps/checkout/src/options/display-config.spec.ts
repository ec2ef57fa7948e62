import { prefilledChoice, resolveDisplay, type AvailableMethods } from './display-config';

const everything: AvailableMethods = {
  methods: ['card', 'upi', 'netbanking', 'wallet'],
  banks: ['HDFC', 'ICIC', 'UTIB'],
  wallets: ['paytm', 'phonepe'],
};

const methodsOf = (groups: ReturnType<typeof resolveDisplay>) =>
  groups.map((group) => [group.title, group.choices.map((choice) => choice.method)]);

describe('config.display', () => {
  it('none: every available method, in the default order, as one untitled group', () => {
    expect(methodsOf(resolveDisplay({}, everything))).toEqual([
      [null, ['card', 'upi', 'netbanking', 'wallet']],
    ]);
    expect(
      methodsOf(resolveDisplay(undefined, { ...everything, methods: ['upi', 'card'] })),
    ).toEqual([[null, ['card', 'upi']]]);
  });

  it('a sequence of methods comes first, then the other defaults', () => {
    expect(methodsOf(resolveDisplay({ sequence: ['wallet', 'upi'] }, everything))).toEqual([
      [null, ['wallet', 'upi', 'card', 'netbanking']],
    ]);
  });

  it("the docs' example: two blocks, UPI hidden, no default blocks", () => {
    const display = {
      blocks: {
        utib: {
          name: 'Pay Using Axis Bank',
          instruments: [
            { method: 'card', issuers: ['UTIB'] },
            { method: 'netbanking', banks: ['UTIB'] },
          ],
        },
        other: {
          name: 'Other Payment Methods',
          instruments: [{ method: 'card', issuers: ['ICIC'] }, { method: 'netbanking' }],
        },
      },
      hide: [{ method: 'upi' }],
      sequence: ['block.utib', 'block.other'],
      preferences: { show_default_blocks: false },
    };
    const groups = resolveDisplay(display, everything);
    expect(methodsOf(groups)).toEqual([
      ['Pay Using Axis Bank', ['card', 'netbanking']],
      ['Other Payment Methods', ['card', 'netbanking']],
    ]);
    expect(groups[0].choices[1].banks).toEqual(['UTIB']);
    expect(groups[1].choices[1].banks).toBeNull();
  });

  it('blocks with the defaults after them; a method may be in both', () => {
    const display = {
      blocks: { upi: { name: 'Pay by UPI', instruments: [{ method: 'upi' }] } },
      sequence: ['block.upi'],
    };
    expect(methodsOf(resolveDisplay(display, everything))).toEqual([
      ['Pay by UPI', ['upi']],
      [null, ['card', 'upi', 'netbanking', 'wallet']],
    ]);
  });

  it('hide takes methods out of the defaults only, never out of a block', () => {
    const display = {
      blocks: { w: { name: 'Wallets', instruments: [{ method: 'wallet' }] } },
      sequence: ['block.w'],
      hide: [{ method: 'wallet' }, { method: 'card' }],
    };
    expect(methodsOf(resolveDisplay(display, everything))).toEqual([
      ['Wallets', ['wallet']],
      [null, ['upi', 'netbanking']],
    ]);
  });

  it('hiding some banks or wallets narrows the default method', () => {
    const display = {
      hide: [
        { method: 'netbanking', banks: ['ICIC'] },
        { method: 'wallet', wallets: ['paytm'] },
      ],
    };
    const [group] = resolveDisplay(display, everything);
    expect(group.choices.find((choice) => choice.method === 'netbanking')?.banks).toEqual([
      'HDFC',
      'UTIB',
    ]);
    expect(group.choices.find((choice) => choice.method === 'wallet')?.wallets).toEqual([
      'phonepe',
    ]);
  });

  it('a block missing from the sequence is not shown; an unknown sequence entry is skipped', () => {
    const display = {
      blocks: { a: { name: 'A', instruments: [{ method: 'upi' }] } },
      sequence: ['block.nope', 'emi', 'card'],
      preferences: { show_default_blocks: false },
    };
    expect(methodsOf(resolveDisplay(display, everything))).toEqual([[null, ['card']]]);
  });

  it('a block offers only what the account offers', () => {
    const display = {
      blocks: {
        b: {
          name: 'Banks',
          instruments: [
            { method: 'netbanking', banks: ['KKBK'] },
            { method: 'wallet', wallets: ['phonepe', 'mobikwik'] },
            { method: 'emi' },
          ],
        },
      },
      sequence: ['block.b'],
      preferences: { show_default_blocks: false },
    };
    const groups = resolveDisplay(display, everything);
    expect(methodsOf(groups)).toEqual([['Banks', ['wallet']]]);
    expect(groups[0].choices[0].wallets).toEqual(['phonepe']);
  });

  it('a block between methods splits the defaults into two groups', () => {
    const display = {
      blocks: { b: { name: 'Featured', instruments: [{ method: 'wallet', wallets: ['paytm'] }] } },
      sequence: ['card', 'block.b', 'upi'],
    };
    expect(methodsOf(resolveDisplay(display, everything))).toEqual([
      [null, ['card']],
      ['Featured', ['wallet']],
      [null, ['upi', 'netbanking', 'wallet']],
    ]);
  });

  it('nothing left to offer: no groups', () => {
    const display = { hide: [{ method: 'card' }, { method: 'upi' }] };
    expect(resolveDisplay(display, { ...everything, methods: ['card', 'upi'] })).toEqual([]);
  });

  it('tolerates a config that is not the documented shape', () => {
    const display = { blocks: [1, 2], sequence: 'card', hide: { method: 'card' }, preferences: 7 };
    expect(methodsOf(resolveDisplay(display, everything))).toEqual([
      [null, ['card', 'upi', 'netbanking', 'wallet']],
    ]);
  });

  it('prefill.method picks the first choice of that method in display order', () => {
    const display = {
      blocks: { b: { name: 'B', instruments: [{ method: 'netbanking', banks: ['HDFC'] }] } },
      sequence: ['block.b'],
    };
    const groups = resolveDisplay(display, everything);
    expect(prefilledChoice(groups, 'netbanking')?.banks).toEqual(['HDFC']);
    expect(prefilledChoice(groups, 'emi')).toBeNull();
  });
});
