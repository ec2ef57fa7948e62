import type { Method } from '../../options/payment-method';

/** Line icons drawn inline (the modal loads nothing from elsewhere); decorative, hidden from readers. */
function Icon({ path, className = 'icon' }: { path: string; className?: string }) {
  return (
    <svg
      class={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

const METHOD_PATHS: Record<Method, string> = {
  card: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zM3 10h18M7 15h4',
  upi: 'M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3zM11 18h2M10 9.5l2-2 2 2M12 7.5V13',
  netbanking: 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  wallet:
    'M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3M4 7.5v10A1.5 1.5 0 0 0 5.5 19h14a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 1 4 5.5M16 13.5h.01',
};

export const MethodIcon = ({ method }: { method: Method }) => <Icon path={METHOD_PATHS[method]} />;
export const CloseIcon = () => <Icon path="M6 6l12 12M18 6L6 18" />;
export const BackIcon = () => <Icon path="M15 5l-7 7 7 7" />;
export const ChevronIcon = () => <Icon path="M9 5l7 7-7 7" className="icon chevron" />;
export const LockIcon = () => (
  <Icon path="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3" className="icon small" />
);
export const SuccessIcon = () => (
  <Icon
    path="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12.5l2.5 2.5L16 9.5"
    className="icon status"
  />
);
export const FailureIcon = () => (
  <Icon
    path="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.5h.01"
    className="icon status"
  />
);
