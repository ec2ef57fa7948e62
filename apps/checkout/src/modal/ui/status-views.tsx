import { useEffect, useRef } from 'preact/hooks';
import type { PaymentError } from '../../common/messages';
import { FailureIcon, SuccessIcon } from './icons';

export function Loading({ text = 'Loading…' }: { text?: string }) {
  return (
    <div class="status-view" role="status">
      <span class="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

/** Why no payment can be made here: said once, with nothing to press but Close. */
export function Blocked({ message }: { message: string }) {
  return (
    <div class="status-view blocked" role="alert">
      <FailureIcon />
      <p class="status-title">Payment cannot be made</p>
      <p>{message}</p>
    </div>
  );
}

export function Failed(props: {
  error: PaymentError;
  onRetry: (() => void) | null;
  note?: string;
}) {
  return (
    <div class="status-view failed">
      <FailureIcon />
      <div role="alert">
        <p class="status-title">Payment failed</p>
        <p>{props.error.description}</p>
      </div>
      {props.note && <p class="muted">{props.note}</p>}
      {props.onRetry && (
        <button type="button" class="primary" onClick={props.onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function Succeeded({ note }: { note?: string }) {
  return (
    <div class="status-view succeeded" role="status">
      <SuccessIcon />
      <p class="status-title">Payment successful</p>
      {note && <p class="muted">{note}</p>}
    </div>
  );
}

/**
 * The bank's (or the test bank's) challenge, inside the modal. Each page it loads may have moved the
 * payment on, so each load asks for the payment's status.
 */
export function BankPage(props: { url: string; unreachable: boolean; onLoad: () => void }) {
  return (
    <div class="bank-page">
      <p class="muted">Complete the payment on your bank's page below.</p>
      <iframe class="bank-frame" title="Bank page" src={props.url} onLoad={props.onLoad} />
      {props.unreachable && (
        <p class="notice" role="status">
          Checking the payment status…
        </p>
      )}
    </div>
  );
}

export function ConfirmClose(props: { onYes: () => void; onNo: () => void }) {
  // Focused from code: a cross-origin frame may not use the autofocus attribute.
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  return (
    <div class="confirm-layer">
      <div
        class="confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
      >
        <p id="confirm-title" class="status-title">
          Cancel payment
        </p>
        <p id="confirm-message">
          Your payment is ongoing. Are you sure you want to cancel the payment?
        </p>
        <div class="confirm-actions">
          <button type="button" class="secondary" onClick={props.onNo} ref={no}>
            No
          </button>
          <button type="button" class="primary" onClick={props.onYes}>
            Yes, cancel
          </button>
        </div>
      </div>
    </div>
  );
}
