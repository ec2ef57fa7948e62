import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import type { Payment } from '../api/entities';
import { formatAmount, parseAmount } from '../money/money';
import { ErrorMessage } from '../ui/error-message';
import { useAction } from '../ui/use-action';

interface PaymentActionsProps {
  api: ApiClient;
  payment: Payment;
  onChanged: () => void;
}

/** Capture an authorized payment in full; refund a captured one, all of what is left or part of it. */
export function PaymentActions({ api, payment, onChanged }: PaymentActionsProps) {
  const action = useAction(onChanged);
  const refundable = payment.amount - payment.amount_refunded;
  const [refundText, setRefundText] = useState('');
  const path = `/v1/payments/${payment.id}`;
  const capture = () =>
    action.run(() =>
      api.post(`${path}/capture`, { amount: payment.amount, currency: payment.currency }),
    );
  const refund = (event: Event) => {
    event.preventDefault();
    const amount = refundText.trim() === '' ? refundable : parseAmount(refundText);
    if (amount === null)
      return void action.run(() =>
        Promise.reject(new Error('Enter the amount to refund, e.g. 150.50.')),
      );
    void action.run(() => api.post(`${path}/refund`, { amount }).then(() => setRefundText('')));
  };
  return (
    <div class="actions">
      {payment.status === 'authorized' && (
        <button type="button" disabled={action.busy} onClick={capture}>
          Capture {formatAmount(payment.amount, payment.currency)}
        </button>
      )}
      {payment.captured && refundable > 0 && (
        <form class="inline" onSubmit={refund}>
          <input
            aria-label="Refund amount"
            placeholder={`up to ${formatAmount(refundable, payment.currency)}`}
            value={refundText}
            onInput={(event) => setRefundText(event.currentTarget.value)}
          />
          <button type="submit" disabled={action.busy}>
            Refund
          </button>
        </form>
      )}
      <ErrorMessage error={action.error} />
    </div>
  );
}
