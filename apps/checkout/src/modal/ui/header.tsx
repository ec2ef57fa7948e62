import { CloseIcon } from './icons';

export interface HeaderProps {
  name: string;
  description: string;
  image: string;
  /** The amount as shown ("₹500.00"), once known. */
  amount: string | null;
  testMode: boolean;
  /** Seconds left before the checkout times out (the `timeout` option), or null. */
  secondsLeft: number | null;
  onClose: (() => void) | null;
}

function Logo({ name, image }: { name: string; image: string }) {
  if (image) return <img class="logo" src={image} alt="" />;
  const initial = name.trim().charAt(0).toUpperCase() || '₹';
  return (
    <span class="logo initial" aria-hidden="true">
      {initial}
    </span>
  );
}

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The merchant's name, logo and description, the amount, the test-mode label and the close button. */
export function Header(props: HeaderProps) {
  return (
    <header class="header">
      <div class="header-row">
        <Logo name={props.name} image={props.image} />
        <div class="merchant">
          <h1 class="merchant-name">{props.name || 'Checkout'}</h1>
          {props.description && <p class="merchant-description">{props.description}</p>}
        </div>
        {props.onClose && (
          <button
            type="button"
            class="icon-button close"
            aria-label="Close"
            onClick={props.onClose}
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div class="header-row amount-row">
        {props.amount && <p class="amount">{props.amount}</p>}
        {props.testMode && <span class="test-mode">Test Mode</span>}
        {props.secondsLeft !== null && (
          <span class="timer" role="timer" aria-label="Time left">
            {clock(props.secondsLeft)}
          </span>
        )}
      </div>
    </header>
  );
}
