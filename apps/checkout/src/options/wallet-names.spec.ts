import { WALLETS } from '@platform/contracts';
import { NAMED_WALLETS, walletName } from './wallet-names';

describe('wallet names', () => {
  it('name every wallet the platform takes', () => {
    expect([...NAMED_WALLETS].sort()).toEqual([...WALLETS].sort());
  });

  it('show a code without a name as itself, capitalised', () => {
    expect(walletName('amazonpay')).toBe('Amazon Pay');
    expect(walletName('newwallet')).toBe('Newwallet');
  });
});
