import { assertUnreachable } from '@platform/domain-kit';
import type { PaymentLinkEvent, PaymentLinkTerms } from './payment-link.events';

export const PAYMENT_LINK_STREAM = 'payment_link';
/** Razorpay's smallest payment: ₹1. */
export const MIN_LINK_AMOUNT = 100;
/** expire_by must be at least this far ahead of now. */
export const EXPIRE_BY_MIN_LEAD_MS = 15 * 60 * 1000;
/** A link is valid for at most this many months after its creation (and this long without expire_by). */
export const LINK_LIFETIME_MONTHS = 6;

/** What a link holds from its creation on. */
export interface LinkFacts {
  terms: PaymentLinkTerms;
  orderId: string;
  createdAt: number;
  amountPaid: number;
  capturedPayments: readonly string[];
}

export type NewLink = { status: 'new' };
/** Takes payments: none captured yet (`created`), or some (`partially_paid`). */
export type OpenLink = LinkFacts & { status: 'created' | 'partially_paid' };
/** Takes no more payments. */
export type ClosedLink = LinkFacts & { status: 'paid' | 'cancelled' | 'expired' };

export type PaymentLink = NewLink | OpenLink | ClosedLink;
export type ExistingLink = OpenLink | ClosedLink;

export const initialState = (): PaymentLink => ({ status: 'new' });

export function evolve(state: PaymentLink, event: PaymentLinkEvent): PaymentLink {
  if (event.type === 'PaymentLinkCreated') {
    const { terms, orderId, createdAt } = event.data;
    return { status: 'created', terms, orderId, createdAt, amountPaid: 0, capturedPayments: [] };
  }
  if (state.status === 'new') return state;
  switch (event.type) {
    case 'PaymentLinkEdited':
      return { ...state, terms: { ...state.terms, ...event.data.changes } };
    case 'PaymentLinkPaymentCaptured':
      return {
        ...state,
        status: 'partially_paid',
        amountPaid: state.amountPaid + event.data.amount,
        capturedPayments: [...state.capturedPayments, event.data.paymentId],
      };
    case 'PaymentLinkPaid':
      return { ...state, status: 'paid' };
    case 'PaymentLinkCancelled':
      return { ...state, status: 'cancelled' };
    case 'PaymentLinkExpired':
      return { ...state, status: 'expired' };
    case 'PaymentLinkNotified':
      return state;
    default:
      return assertUnreachable(event);
  }
}

export const isOpen = (link: ExistingLink): link is OpenLink =>
  link.status === 'created' || link.status === 'partially_paid';

export const amountDue = (link: LinkFacts): number => link.terms.amount - link.amountPaid;

/** `months` calendar months after `ms` (UTC), clamped to the month's last day (31 Aug + 6 → 28/29 Feb). */
export function monthsAfter(ms: number, months: number): number {
  const start = new Date(ms);
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(start.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.getTime();
}

/** The latest a link made at `createdAt` may expire (ms): six months on. */
export const latestExpiry = (createdAt: number): number =>
  monthsAfter(createdAt, LINK_LIFETIME_MONTHS);

/** When the link expires (ms on the account clock): its expire_by, or six months after its creation. */
export const expiresAt = (link: Pick<LinkFacts, 'terms' | 'createdAt'>): number =>
  link.terms.expireBy !== null ? link.terms.expireBy * 1000 : latestExpiry(link.createdAt);
