import { accentStyle } from './theme';

describe('theme.color', () => {
  it('a dark colour gets white text, a light one dark text', () => {
    expect(accentStyle('#0f766e')).toEqual({ '--accent': '#0f766e', '--on-accent': '#ffffff' });
    expect(accentStyle('#FDE047')).toEqual({ '--accent': '#FDE047', '--on-accent': '#111827' });
    expect(accentStyle('#fff')['--on-accent']).toBe('#111827');
  });

  it('anything but a hex colour leaves the modal its own', () => {
    expect(accentStyle('')).toEqual({});
    expect(accentStyle('red; background: url(x)')).toEqual({});
    expect(accentStyle('#12345')).toEqual({});
  });
});
