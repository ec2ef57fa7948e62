import { useCallback, useRef, useState } from 'preact/hooks';
import type { PaymentError } from '../../common/messages';
import type { PaymentRequest } from '../api/api-types';
import { createPayment, fetchPayment } from '../api/checkout-api';
import { paymentOutcome, type PaymentOutcome } from '../api/payment-outcome';
import type { Host } from '../host';

/** Where one payment attempt is. */
export type Stage =
  /** Entering details; `notice` is the API's refusal of the last attempt (nothing was recorded). */
  | { kind: 'details'; notice?: { description: string; field?: string } }
  | { kind: 'submitting' }
  /** The customer is on the bank's page; `unreachable` while the status cannot be read. */
  | { kind: 'authenticating'; paymentId: string; url: string; unreachable: boolean }
  | { kind: 'failed'; error: PaymentError }
  | { kind: 'succeeded' };

export interface PaymentFlow {
  stage: Stage;
  pay(request: PaymentRequest): Promise<void>;
  /** The bank page's iframe loaded a page: the payment's status may have moved on. */
  bankPageLoaded(): Promise<void>;
  retry(): void;
}

/**
 * One payment at a time: POST the payment, follow the bank's challenge (the status is read again
 * each time the bank page's frame loads a page, until it is final), and hand the outcome to the
 * host. A final outcome is handed over once, whatever answers arrive after it.
 */
export function usePayment(keyId: string, orderId: string, host: Host): PaymentFlow {
  const [stage, setStage] = useState<Stage>({ kind: 'details' });
  const current = useRef<Stage>(stage);
  const move = useCallback((next: Stage) => {
    current.current = next;
    setStage(next);
  }, []);

  const settle = useCallback(
    (outcome: PaymentOutcome) => {
      switch (outcome.kind) {
        case 'pending':
          return move({ ...outcome, kind: 'authenticating', unreachable: false });
        case 'succeeded':
          move({ kind: 'succeeded' });
          return host.succeed(outcome.response);
        case 'failed':
          move({ kind: 'failed', error: outcome.error });
          return host.fail(outcome.error);
        case 'refused':
          return move({ kind: 'details', notice: outcome });
        default: {
          const unknown: never = outcome;
          return unknown;
        }
      }
    },
    [host, move],
  );

  const pay = useCallback(
    async (request: PaymentRequest) => {
      if (current.current.kind !== 'details') return;
      move({ kind: 'submitting' });
      settle(paymentOutcome(await createPayment(request), { orderId }));
    },
    [move, settle, orderId],
  );

  const bankPageLoaded = useCallback(async () => {
    const waiting = current.current;
    if (waiting.kind !== 'authenticating') return;
    const outcome = paymentOutcome(await fetchPayment(waiting.paymentId, keyId), { orderId });
    const now = current.current;
    if (now.kind !== 'authenticating' || now.paymentId !== waiting.paymentId) return;
    if (outcome.kind === 'pending') {
      if (now.unreachable) move({ ...now, unreachable: false });
    } else if (outcome.kind === 'refused') move({ ...now, unreachable: true });
    else settle(outcome);
  }, [keyId, orderId, move, settle]);

  const retry = useCallback(() => move({ kind: 'details' }), [move]);

  return { stage, pay, bankPageLoaded, retry };
}
