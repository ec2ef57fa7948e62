import type { MethodChoice, MethodGroup } from '../../options/display-config';
import { METHOD_LABELS } from '../../options/payment-method';
import { walletName } from '../../options/wallet-names';
import { ChevronIcon, MethodIcon } from './icons';

function listed(names: string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} & more` : names.join(', ');
}

/** The line under a method's name: what it covers (the merchant's narrowing, if any). */
function summary(choice: MethodChoice, bankNames: Record<string, string>): string {
  switch (choice.method) {
    case 'card':
      return choice.networks
        ? `${choice.networks.join(', ')} cards`
        : 'Visa, Mastercard, RuPay & more';
    case 'upi':
      return 'Google Pay, PhonePe, Paytm & more';
    case 'netbanking':
      return choice.banks
        ? listed(choice.banks.map((bank) => bankNames[bank] ?? bank))
        : 'All major banks';
    case 'wallet':
      return choice.wallets ? listed(choice.wallets.map(walletName)) : 'Paytm, PhonePe & more';
    default: {
      const unknown: never = choice.method;
      return unknown;
    }
  }
}

/**
 * The methods in the blocks `config.display` asks for. Each button is named by its method alone
 * ("Card", "UPI", …); a merchant's block is a group named by its title, so a method offered both in
 * a block and among the defaults can be told apart by its group.
 */
export function MethodList(props: {
  groups: MethodGroup[];
  bankNames: Record<string, string>;
  onChoose: (choice: MethodChoice) => void;
}) {
  const titled = props.groups.some((group) => group.title !== null);
  return (
    <div class="method-groups">
      {props.groups.map((group) => {
        const title = group.title ?? (titled ? 'Cards, UPI & more' : 'Payment options');
        const headingId = `group-${group.code.replace(/[^\w-]/g, '-')}`;
        return (
          <section key={group.code} class="method-group" role="group" aria-labelledby={headingId}>
            <h2 id={headingId} class="section-title">
              {title}
            </h2>
            <ul class="methods">
              {group.choices.map((choice, index) => {
                const descriptionId = `${headingId}-${index}`;
                return (
                  <li key={`${choice.method}-${index}`}>
                    <button
                      type="button"
                      class="method"
                      aria-label={METHOD_LABELS[choice.method]}
                      aria-describedby={descriptionId}
                      onClick={() => props.onChoose(choice)}
                    >
                      <span class="method-icon">
                        <MethodIcon method={choice.method} />
                      </span>
                      <span class="method-text">
                        <span class="method-name">{METHOD_LABELS[choice.method]}</span>
                        <span id={descriptionId} class="method-summary">
                          {summary(choice, props.bankNames)}
                        </span>
                      </span>
                      <ChevronIcon />
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
