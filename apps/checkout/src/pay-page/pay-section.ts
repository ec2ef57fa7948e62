import { formatAmount, parseAmount } from '../common/money';

/** The pay section of an invoice's, a subscription's or a payment link's page, as rendered in its data attributes. */
export interface PaySection {
  entityId: string;
  kind: PayKind;
  currency: string;
  amountDue: number;
  /** The customer chooses how much to pay now (an invoice or a link that takes partial payments). */
  partial: boolean;
  minAmount: number;
  name: string;
}

const KINDS = ['invoice', 'subscription', 'payment_link'] as const;
type PayKind = (typeof KINDS)[number];

/** Razorpay's smallest payment when the page names no minimum of its own. */
const DEFAULT_MIN_AMOUNT = 100;

function integer(text: string | undefined): number | null {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : null;
}

/** The section's data attributes (`data-entity-id`, …), or null if they do not describe a payment. */
export function readPaySection(data: Record<string, string | undefined>): PaySection | null {
  const amountDue = integer(data['amountDue']);
  const kind = KINDS.find((known) => known === data['kind']);
  if (!data['entityId'] || !kind || amountDue === null) return null;
  const minimum = integer(data['minAmount']) ?? DEFAULT_MIN_AMOUNT;
  return {
    entityId: data['entityId'],
    kind,
    currency: data['currency'] || 'INR',
    amountDue,
    partial: data['partial'] === 'true',
    // What is left may be less than the usual minimum: it can still be paid.
    minAmount: Math.min(minimum, amountDue),
    name: data['name'] ?? '',
  };
}

/**
 * The amount to pay now: the amount due, or for a partial payment what the customer typed, read
 * exactly (text to integer minor units), at least the minimum and at most the amount due.
 */
export function amountToPay(
  section: PaySection,
  typed: string,
): { amount: number } | { problem: string } {
  if (!section.partial) return { amount: section.amountDue };
  const amount = parseAmount(typed);
  if (amount === null || amount === 0)
    return { problem: 'Enter the amount to pay, such as 500.00.' };
  if (amount < section.minAmount)
    return {
      problem: `The amount must be at least ${formatAmount(section.minAmount, section.currency)}.`,
    };
  if (amount > section.amountDue)
    return {
      problem: `The amount can be at most ${formatAmount(section.amountDue, section.currency)}, the amount due.`,
    };
  return { amount };
}

/**
 * Whether the page as the server now renders it has counted a payment: its pay section is gone
 * (paid in full, authorized) or asks for a different amount. Until then a reload would show the
 * customer the page as it was before they paid.
 */
export function hasMovedOn(before: PaySection, now: PaySection | null): boolean {
  return now === null || now.amountDue !== before.amountDue;
}
