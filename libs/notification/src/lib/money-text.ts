/** Minor units as major units with 2 decimals, by integer division (no floating point): 118050 INR is ₹1,180.50 (Indian digit grouping). */
export function formatAmount(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  const cents = absolute % 100;
  const major = String((absolute - cents) / 100);
  const grouped =
    currency === 'INR' ? groupIndian(major) : major.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${currency === 'INR' ? '₹' : `${currency} `}${grouped}.${String(cents).padStart(2, '0')}`;
}

/** 1,23,45,678: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}
