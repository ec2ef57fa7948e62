import type { MethodChoice } from '../../options/display-config';
import {
  caretAfterDigits,
  cardNetwork,
  cvvLength,
  digitsOf,
  formatExpiry,
  groupCardNumber,
  maxCardLength,
  NETWORK_LABELS,
} from '../../common/card-number';
import type { DetailsErrors, DetailsField, DetailsValues } from '../payment-details';
import { walletName } from '../../options/wallet-names';
import { SelectField, TextField } from './text-field';

export interface FieldsProps {
  values: DetailsValues;
  errors: DetailsErrors;
  set: (field: DetailsField, value: string) => void;
  readonlyName: boolean;
}

/** Regroups the number as it is typed, keeping the caret after the same digit. */
function onCardNumber(set: FieldsProps['set']) {
  return (value: string, input: HTMLInputElement) => {
    const caret = input.selectionStart ?? value.length;
    const digitsBefore = digitsOf(value.slice(0, caret)).length;
    const grouped = groupCardNumber(value);
    set('cardNumber', grouped);
    input.value = grouped;
    const position = caretAfterDigits(grouped, digitsBefore);
    if (document.activeElement === input) input.setSelectionRange(position, position);
  };
}

function CardFields({ values, errors, set, readonlyName }: FieldsProps) {
  const network = cardNetwork(values.cardNumber);
  const grouping = groupCardNumber('9'.repeat(maxCardLength(network)));
  return (
    <div class="fields card-fields">
      <TextField
        id="card-number"
        label="Card number"
        value={values.cardNumber}
        error={errors.cardNumber}
        onValue={onCardNumber(set)}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={grouping.length}
      />
      {network !== 'unknown' && (
        <p class="network" aria-live="polite">
          {NETWORK_LABELS[network]}
        </p>
      )}
      <div class="field-row">
        <TextField
          id="card-expiry"
          label="Expiry"
          value={values.expiry}
          error={errors.expiry}
          onValue={(value, input) => {
            const deleting = value.length < values.expiry.length;
            const formatted = deleting ? value : formatExpiry(value);
            set('expiry', formatted);
            input.value = formatted;
          }}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={7}
        />
        <TextField
          id="card-cvv"
          label="CVV"
          value={values.cvv}
          error={errors.cvv}
          onValue={(value, input) => {
            const digits = digitsOf(value).slice(0, cvvLength(network));
            set('cvv', digits);
            input.value = digits;
          }}
          masked
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={'•'.repeat(cvvLength(network))}
          maxLength={4}
        />
      </div>
      <TextField
        id="card-name"
        label="Name on card"
        value={values.cardName}
        error={errors.cardName}
        onValue={(value) => set('cardName', value)}
        autoComplete="cc-name"
        readOnly={readonlyName}
      />
    </div>
  );
}

/** The selected method's own fields. */
export function MethodFields(
  props: FieldsProps & {
    choice: MethodChoice;
    bankNames: Record<string, string>;
    banks: readonly string[];
    wallets: readonly string[];
  },
) {
  const { choice, values, errors, set } = props;
  switch (choice.method) {
    case 'card':
      return <CardFields {...props} />;
    case 'upi':
      return (
        <div class="fields">
          <TextField
            id="upi-id"
            label="UPI ID"
            value={values.vpa}
            error={errors.vpa}
            onValue={(value) => set('vpa', value)}
            placeholder="example@okbank"
            autoComplete="off"
            autoCapitalize="none"
            spellcheck={false}
          />
        </div>
      );
    case 'netbanking':
      return (
        <div class="fields">
          <SelectField
            id="bank"
            label="Bank"
            prompt="Select your bank"
            value={values.bank}
            error={errors.bank}
            choices={(choice.banks ?? props.banks).map((code) => ({
              value: code,
              label: props.bankNames[code] ?? code,
            }))}
            onValue={(value) => set('bank', value)}
          />
        </div>
      );
    case 'wallet':
      return (
        <div class="fields">
          <SelectField
            id="wallet"
            label="Wallet"
            prompt="Select a wallet"
            value={values.wallet}
            error={errors.wallet}
            choices={(choice.wallets ?? props.wallets).map((code) => ({
              value: code,
              label: walletName(code),
            }))}
            onValue={(value) => set('wallet', value)}
          />
        </div>
      );
    default: {
      const unknown: never = choice.method;
      return unknown;
    }
  }
}
