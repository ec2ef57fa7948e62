import { enabledFeatures } from './account-features';

describe('enabledFeatures', () => {
  it('has UPI QR on in test mode and off in live mode by default', () => {
    expect(enabledFeatures('test', [])).toEqual(['upi_qr']);
    expect(enabledFeatures('live', [])).toEqual([]);
  });

  it('applies the account’s switches over the defaults', () => {
    expect(enabledFeatures('live', [{ feature: 'upi_qr', enabled: true }])).toEqual(['upi_qr']);
    expect(enabledFeatures('test', [{ feature: 'upi_qr', enabled: false }])).toEqual([]);
  });

  it('ignores switches of features it does not know', () => {
    expect(enabledFeatures('live', [{ feature: 'teleportation', enabled: true }])).toEqual([]);
  });
});
