import { useEffect, useState } from 'preact/hooks';
import type { CheckoutOptions } from '../../options/checkout-options';
import { fetchPreferences } from '../api/checkout-api';
import { checkoutFacts, type CheckoutFacts } from '../checkout-facts';

export const NO_KEY = 'No key passed';

/** The account's preferences for this key and order, read as what the checkout can offer. */
export function usePreferences(options: CheckoutOptions): CheckoutFacts | null {
  const [facts, setFacts] = useState<CheckoutFacts | null>(null);
  useEffect(() => {
    if (!options.key) return setFacts({ kind: 'blocked', message: NO_KEY });
    let current = true;
    const entity = options.subscription_id
      ? { subscription_id: options.subscription_id }
      : { order_id: options.order_id };
    void fetchPreferences({ key_id: options.key, ...entity }).then((result) => {
      if (!current) return;
      setFacts(
        result.ok
          ? checkoutFacts(options, result.body)
          : { kind: 'blocked', message: result.error.description },
      );
    });
    return () => void (current = false);
  }, [options]);
  return facts;
}
