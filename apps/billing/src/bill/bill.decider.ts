import { isDeepStrictEqual } from 'node:util';
import {
  AlreadyExists,
  assertUnreachable,
  documentTotals,
  lineAmounts,
  NotFound,
  percentToBasisPoints,
  ValidationFailed,
} from '@platform/domain-kit';
import type {
  BillCommand,
  ClaimedSummary,
  CreateBill,
  DeleteBill,
  UpdateBill,
} from './bill.commands';
import type { BillDetails, BillDraft, BillEvent, BillLine, BillSummary } from './bill.events';

export const BILL_STREAM = 'bill';
/** The largest net payable amount: the platform's largest amount anywhere (₹5 crore in paise, MAX_AMOUNT of @platform/http), which keeps every sum exact. */
export const MAX_BILL_AMOUNT = 50_000_000_00;

export type Bill =
  { status: 'new' } | { status: 'deleted' } | { status: 'present'; details: BillDetails };

export const initialState = (): Bill => ({ status: 'new' });

export function evolve(state: Bill, event: BillEvent): Bill {
  switch (event.type) {
    case 'BillCreated':
      return { status: 'present', details: event.data.details };
    case 'BillUpdated':
      return state.status === 'present'
        ? { status: 'present', details: event.data.details }
        : state;
    case 'BillDeleted':
      return { status: 'deleted' };
    default:
      return assertUnreachable(event);
  }
}

function present(state: Bill): Extract<Bill, { status: 'present' }> {
  if (state.status !== 'present') throw new NotFound();
  return state;
}

/** The lines priced (integer arithmetic, the tax rate in basis points) and summed. */
export function priceBill(draft: BillDraft): BillDetails {
  const lineItems: BillLine[] = draft.lineItems.map((line) => {
    const amounts = lineAmounts({
      unitAmount: line.unitAmount,
      quantity: line.quantity,
      taxRateBasisPoints: line.taxRate === null ? null : percentToBasisPoints(line.taxRate),
      taxInclusive: line.taxInclusive,
    });
    return { ...line, ...amounts };
  });
  const totals = documentTotals(lineItems);
  const summary: BillSummary = {
    totalQuantity: lineItems.reduce((sum, line) => sum + line.quantity, 0),
    subTotalAmount: totals.taxableAmount,
    taxAmount: totals.taxAmount,
    netPayableAmount: totals.netAmount,
  };
  const payments = draft.payments.map((payment) => ({
    ...payment,
    currency: payment.currency ?? draft.currency,
  }));
  return { ...draft, lineItems, summary, payments };
}

const CLAIMED_FIELDS: [keyof BillSummary, string][] = [
  ['totalQuantity', 'total_quantity'],
  ['subTotalAmount', 'sub_total_amount'],
  ['taxAmount', 'tax_amount'],
  ['netPayableAmount', 'net_payable_amount'],
];

/** The rules of a whole bill: a sane total, the client's totals as computed, payments in its currency and within what is payable. */
function check(details: BillDetails, claimed: ClaimedSummary): void {
  const { summary } = details;
  if (summary.netPayableAmount > MAX_BILL_AMOUNT)
    throw new ValidationFailed(
      `The net payable amount of the bill may not be greater than ${MAX_BILL_AMOUNT}.`,
      'line_items',
    );
  for (const [key, field] of CLAIMED_FIELDS) {
    const sent = claimed[key];
    if (sent !== undefined && sent !== summary[key]) {
      throw new ValidationFailed(
        `The receipt_summary.${field} must be ${summary[key]}, as computed from the line items (${sent} was sent).`,
        `receipt_summary.${field}`,
      );
    }
  }
  details.payments.forEach((payment, i) => {
    if (payment.currency !== details.currency)
      throw new ValidationFailed(
        `The payments.${i}.currency must be the bill's currency, ${details.currency}.`,
        `payments.${i}.currency`,
      );
  });
  const paid = details.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid > summary.netPayableAmount)
    throw new ValidationFailed(
      `The payments add up to ${paid}, more than the net payable amount of ${summary.netPayableAmount}.`,
      'payments',
    );
}

/** The draft a bill was priced from. */
function draftOf(details: BillDetails): BillDraft {
  const { summary: _summary, ...rest } = details;
  return {
    ...rest,
    lineItems: details.lineItems.map(
      ({ grossAmount: _g, taxableAmount: _t, taxAmount: _x, netAmount: _n, ...line }) => line,
    ),
    payments: details.payments.map((payment) => ({ ...payment })),
  };
}

export function create(command: CreateBill, state: Bill): BillEvent {
  if (state.status !== 'new') throw new AlreadyExists('The bill already exists.');
  const details = priceBill(command.data.draft);
  check(details, command.data.claimed);
  return {
    type: 'BillCreated',
    data: { billId: command.data.billId, details, createdAt: command.metadata.now },
  };
}

/** The fields sent replace those fields; the result is checked and priced whole. An update that changes nothing records nothing. */
export function update(command: UpdateBill, state: Bill): BillEvent[] {
  const bill = present(state);
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(([, value]) => value !== undefined),
  ) as Partial<BillDraft>;
  const details = priceBill({ ...draftOf(bill.details), ...changes });
  check(details, command.data.claimed);
  if (isDeepStrictEqual(details, bill.details)) return [];
  return [{ type: 'BillUpdated', data: { details, updatedAt: command.metadata.now } }];
}

export function remove(command: DeleteBill, state: Bill): BillEvent {
  present(state);
  return { type: 'BillDeleted', data: { deletedAt: command.metadata.now } };
}

export function decide(command: BillCommand, state: Bill): BillEvent | BillEvent[] {
  switch (command.type) {
    case 'CreateBill':
      return create(command, state);
    case 'UpdateBill':
      return update(command, state);
    case 'DeleteBill':
      return remove(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const billDecider = { decide, evolve, initialState };
