import type { TargetedSubmitEvent } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { CheckoutOptions } from '../../options/checkout-options';
import { METHOD_LABELS } from '../../options/payment-method';
import { formatAmount } from '../../common/money';
import type { CheckoutFacts } from '../checkout-facts';
import { contactErrors, detailsFieldOf, methodErrors, paymentRequest } from '../payment-details';
import { BackIcon, LockIcon } from './icons';
import { MethodFields } from './method-fields';
import { MethodList } from './method-list';
import { TextField } from './text-field';
import type { Details } from './use-details';
import type { PaymentFlow } from './use-payment';

export type PayableFacts = Extract<CheckoutFacts, { kind: 'payable' }>;

interface FormProps {
  options: CheckoutOptions;
  facts: PayableFacts;
  details: Details;
  flow: PaymentFlow;
}

function hasAny(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * Moves focus to the first field marked invalid once the errors are on screen, or (`first`) to the
 * first field when the screen opens: the button that opened it is gone.
 */
function useFocusFields(errors: object, first: boolean) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (first) root.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  useEffect(() => {
    if (hasAny(errors)) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return root;
}

function ContactFields({ options, details }: Pick<FormProps, 'options' | 'details'>) {
  const { values, errors, set } = details;
  if (options.hidden.contact && options.hidden.email) return null;
  return (
    <section class="contact" aria-labelledby="contact-title">
      <h2 id="contact-title" class="section-title">
        Contact details
      </h2>
      {!options.hidden.contact && (
        <TextField
          id="contact"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          value={values.contact}
          error={errors.contact}
          readOnly={options.readonly.contact}
          onValue={(value) => set('contact', value)}
        />
      )}
      {!options.hidden.email && (
        <TextField
          id="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          error={errors.email}
          readOnly={options.readonly.email}
          onValue={(value) => set('email', value)}
        />
      )}
    </section>
  );
}

/** The first screen: contact details, then the methods to choose from. */
function Home({ options, facts, details }: FormProps) {
  const root = useFocusFields(details.errors, false);
  return (
    <div class="screen" ref={root}>
      <ContactFields options={options} details={details} />
      <MethodList groups={facts.groups} bankNames={facts.bankNames} onChoose={details.choose} />
    </div>
  );
}

/** The bar over a method's fields: back to the methods, and who is paying (`theme.hide_topbar`). */
function Topbar({ options, details }: Pick<FormProps, 'options' | 'details'>) {
  if (options.theme.hide_topbar || !details.choice) return null;
  const who = [details.values.contact, details.values.email].filter(Boolean).join(' · ');
  return (
    <div class="topbar">
      <button
        type="button"
        class="icon-button"
        aria-label="Back"
        onClick={() => details.choose(null)}
      >
        <BackIcon />
      </button>
      <div class="topbar-text">
        <h2 class="topbar-title">{METHOD_LABELS[details.choice.method]}</h2>
        {who && <p class="topbar-who">{who}</p>}
      </div>
    </div>
  );
}

/** The chosen method's fields and the pay button. */
function MethodScreen({ options, facts, details, flow }: FormProps) {
  const root = useFocusFields(details.errors, true);
  const choice = details.choice;
  if (!choice) return null;
  const submitting = flow.stage.kind === 'submitting';
  const notice = flow.stage.kind === 'details' ? flow.stage.notice : undefined;
  // A refusal naming a field is shown at that field (useRefusedField); any other, above them.
  const banner = notice && detailsFieldOf(notice.field) === null ? notice : undefined;
  const onSubmit = (event: TargetedSubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const contact = contactErrors(details.values, options);
    if (hasAny(contact)) {
      details.choose(null);
      return details.showErrors(contact);
    }
    const problems = methodErrors(details.values, choice, new Date());
    if (hasAny(problems)) return details.showErrors(problems);
    const payment = { values: details.values, choice, amountToSend: facts.amountToSend };
    const request = paymentRequest(options, payment);
    void flow.pay(request);
  };
  return (
    <form class="screen method-screen" noValidate onSubmit={onSubmit}>
      <Topbar options={options} details={details} />
      <div class="method-body" ref={root}>
        {banner && (
          <p class="notice error" role="alert">
            {banner.description}
          </p>
        )}
        <MethodFields
          choice={choice}
          values={details.values}
          errors={details.errors}
          set={details.set}
          readonlyName={options.readonly.name}
          bankNames={facts.bankNames}
          banks={facts.banks}
          wallets={facts.wallets}
        />
      </div>
      <div class="footer">
        <button
          type="submit"
          class="primary pay"
          aria-busy={submitting ? 'true' : undefined}
          disabled={submitting}
        >
          {submitting && <span class="spinner small" aria-hidden="true" />}
          {`Pay ${formatAmount(facts.amount, facts.currency)}`}
        </button>
        <p class="secure">
          <LockIcon /> Payments are encrypted and secure
        </p>
      </div>
    </form>
  );
}

/** The API refused a field (nothing was recorded): the error goes under it, on its screen. */
function useRefusedField({ flow, details }: Pick<FormProps, 'flow' | 'details'>) {
  const notice = flow.stage.kind === 'details' ? flow.stage.notice : undefined;
  useEffect(() => {
    const field = detailsFieldOf(notice?.field);
    if (!notice || !field) return;
    if (field === 'contact' || field === 'email') details.choose(null);
    details.showErrors({ [field]: notice.description });
  }, [notice]);
}

export function PaymentForm(props: FormProps) {
  useRefusedField(props);
  return props.details.choice ? <MethodScreen {...props} /> : <Home {...props} />;
}
