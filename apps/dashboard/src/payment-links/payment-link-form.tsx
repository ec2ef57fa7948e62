import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import { parseAmount } from '../money/money';
import { ErrorMessage } from '../ui/error-message';
import { useAction } from '../ui/use-action';

/** A new link: its amount (major units, read exactly), what it is for, a reference, partial payments. */
export function PaymentLinkForm({ api, onCreated }: { api: ApiClient; onCreated: () => void }) {
  const [amountText, setAmountText] = useState('');
  const [description, setDescription] = useState('');
  const [reference, setReference] = useState('');
  const [partial, setPartial] = useState(false);
  const [problem, setProblem] = useState<Error | undefined>(undefined);
  const action = useAction(() => {
    setAmountText('');
    setDescription('');
    setReference('');
    onCreated();
  });
  const create = (submitted: Event) => {
    submitted.preventDefault();
    const amount = parseAmount(amountText);
    if (amount === null) return setProblem(new Error('Enter the amount, such as 1200.00.'));
    setProblem(undefined);
    void action.run(() =>
      api.post('/v1/payment_links', {
        amount,
        currency: 'INR',
        accept_partial: partial,
        ...(description ? { description } : {}),
        ...(reference ? { reference_id: reference } : {}),
      }),
    );
  };
  return (
    <form class="panel" onSubmit={create} aria-label="New payment link">
      <h2>New payment link</h2>
      <label>
        Amount (₹)
        <input
          inputMode="decimal"
          value={amountText}
          onInput={(e) => setAmountText(e.currentTarget.value)}
          placeholder="1200.00"
        />
      </label>
      <label>
        Description
        <input value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      </label>
      <label>
        Reference id
        <input value={reference} onInput={(e) => setReference(e.currentTarget.value)} />
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={partial}
          onChange={(e) => setPartial(e.currentTarget.checked)}
        />
        Accept partial payments
      </label>
      <button type="submit" disabled={action.busy}>
        Create link
      </button>
      <ErrorMessage error={problem ?? action.error} />
    </form>
  );
}
