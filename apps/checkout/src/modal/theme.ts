/**
 * `theme.color`: the merchant's colour for the pay button, the selection and the focus rings. Only
 * a hex colour is taken (what the option documents), so the text on it can be chosen dark or light
 * for contrast.
 */
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance([red, green, blue]: [number, number, number]): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The CSS custom properties for a theme colour, or none (the modal's own colour) if it is not hex. */
export function accentStyle(color: string): Record<string, string> {
  const value = color.trim();
  if (!HEX.test(value)) return {};
  const light = luminance(channels(value)) > 0.45;
  return { '--accent': value, '--on-accent': light ? '#111827' : '#ffffff' };
}
