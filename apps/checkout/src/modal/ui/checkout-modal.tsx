import type { TargetedMouseEvent } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { CheckoutOptions } from '../../options/checkout-options';
import { formatAmount } from '../../common/money';
import type { Host } from '../host';
import { accentStyle } from '../theme';
import { Header } from './header';
import { PaymentForm, type PayableFacts } from './payment-form';
import { BankPage, Blocked, ConfirmClose, Failed, Loading, Succeeded } from './status-views';
import { useCountdown } from './use-countdown';
import { useDetails } from './use-details';
import { usePayment, type PaymentFlow } from './use-payment';
import { usePreferences } from './use-preferences';

interface Props {
  options: CheckoutOptions;
  host: Host;
}

/** The stages of a payable checkout, from the details to the outcome. */
function Payable({
  options,
  facts,
  flow,
  host,
}: Props & { facts: PayableFacts; flow: PaymentFlow }) {
  const details = useDetails(options, facts.groups);
  const { stage } = flow;
  switch (stage.kind) {
    case 'details':
    case 'submitting':
      return <PaymentForm options={options} facts={facts} details={details} flow={flow} />;
    case 'authenticating':
      return (
        <BankPage url={stage.url} unreachable={stage.unreachable} onLoad={flow.bankPageLoaded} />
      );
    case 'succeeded':
      return (
        <Succeeded note={host.hosted && options.callback_url ? 'Taking you back…' : undefined} />
      );
    case 'failed': {
      // The hosted page posts a failure to callback_url; checkout.js closes on one when retry is off.
      const canRetry = options.retry && !host.hosted;
      const retry = () => {
        details.forgetCvv();
        flow.retry();
      };
      const note = host.hosted && options.callback_url ? 'Taking you back…' : undefined;
      return <Failed error={stage.error} onRetry={canRetry ? retry : null} note={note} />;
    }
    default: {
      const unknown: never = stage;
      return unknown;
    }
  }
}

/** Escape closes the checkout (`modal.escape`). */
function useEscape(enabled: boolean, close: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, close]);
}

/**
 * Closing by the button (`theme.close_button`; on the hosted page only with a cancel_url), Escape
 * (`modal.escape`) or a click beside the card, asking first with `modal.confirm_close`; Escape
 * while asking keeps the checkout open. Nothing closes it once the payment has succeeded.
 */
function useClosing(options: CheckoutOptions, host: Host, finished: boolean) {
  const [confirming, setConfirming] = useState(false);
  const closable =
    !finished && options.theme.close_button && (!host.hosted || !!options.cancel_url);
  const requestClose = useCallback(() => {
    if (!closable) return;
    if (!options.modal.confirm_close) host.dismiss();
    else setConfirming(true);
  }, [closable, options, host]);
  const keepOpen = useCallback(() => setConfirming(false), []);
  useEscape(options.modal.escape && closable, confirming ? keepOpen : requestClose);
  return { closable, confirming, requestClose, keepOpen };
}

/**
 * The checkout: a dialog named "Checkout" with the merchant's header over the current stage; the
 * `timeout` option closes it too.
 */
export function CheckoutModal({ options, host }: Props) {
  const facts = usePreferences(options);
  const flow = usePayment(options.key, options.order_id, host);
  const dialog = useRef<HTMLDivElement>(null);
  const finished = flow.stage.kind === 'succeeded';
  const { closable, confirming, requestClose, keepOpen } = useClosing(options, host, finished);
  const secondsLeft = useCountdown(finished ? 0 : options.timeout, () => host.dismiss('timeout'));
  useEffect(() => dialog.current?.focus(), []);
  const onBackdrop = (event: TargetedMouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && options.modal.backdropclose) requestClose();
  };
  const payable = facts?.kind === 'payable' ? facts : null;
  const animated = options.modal.animation && !host.hosted;
  return (
    <div
      class={host.hosted ? 'page hosted' : 'page framed'}
      onClick={onBackdrop}
      style={accentStyle(options.theme.color)}
    >
      <div
        ref={dialog}
        class={animated ? 'modal animated' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-label="Checkout"
        tabIndex={-1}
      >
        <Header
          name={payable?.merchantName ?? options.name}
          description={options.description}
          image={options.image}
          amount={payable ? formatAmount(payable.amount, payable.currency) : null}
          testMode={facts?.testMode ?? false}
          secondsLeft={secondsLeft}
          onClose={closable ? requestClose : null}
        />
        <main class="body">
          {facts === null && <Loading />}
          {facts?.kind === 'blocked' && <Blocked message={facts.message} />}
          {payable && <Payable options={options} host={host} facts={payable} flow={flow} />}
        </main>
        {confirming && <ConfirmClose onYes={() => host.dismiss()} onNo={keepOpen} />}
      </div>
    </div>
  );
}
