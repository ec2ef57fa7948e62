import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import type { EditInvoice, LineEdit } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent, InvoiceLine, InvoiceTerms } from '../invoice.events';
import { checkTerms } from './check-terms';
import { anInvoice, existing } from './guards';

/** What an issued invoice may still change (Razorpay's rule): everything else is fixed once issued. */
export const EDITABLE_WHEN_ISSUED = [
  'notes',
  'description',
  'expireBy',
  'smsNotify',
  'emailNotify',
] as const satisfies readonly (keyof InvoiceTerms)[];
const API_NAMES: Partial<Record<keyof InvoiceTerms, string>> = {
  expireBy: 'expire_by',
  partialPayment: 'partial_payment',
  smsNotify: 'sms_notify',
  emailNotify: 'email_notify',
  lines: 'line_items',
  customer: 'customer',
  subscriptionId: 'subscription_id',
};
export const apiName = (field: keyof InvoiceTerms): string => API_NAMES[field] ?? field;

/** Drafts change freely; issued ones only EDITABLE_WHEN_ISSUED; settled ones not at all. Records only real changes. */
export function edit(command: EditInvoice, state: Invoice): InvoiceEvent[] {
  const invoice = existing(state);
  if (invoice.status === 'paid' || invoice.status === 'cancelled' || invoice.status === 'expired')
    throw new IllegalTransition(`${anInvoice(invoice)} cannot be edited.`);
  const { lineEdits } = command.data;
  const sent: Partial<InvoiceTerms> = {
    ...command.data.changes,
    lines: lineEdits === undefined ? undefined : editedLines(invoice.terms.lines, lineEdits),
  };
  const changes = Object.fromEntries(
    Object.entries(sent).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(invoice.terms[key as keyof InvoiceTerms]) !== JSON.stringify(value),
    ),
  ) as Partial<InvoiceTerms>;
  if (invoice.status !== 'draft') {
    const fixed = (Object.keys(changes) as (keyof InvoiceTerms)[]).find(
      (key) => !(EDITABLE_WHEN_ISSUED as readonly string[]).includes(key),
    );
    if (fixed)
      throw new ValidationFailed(
        `The ${apiName(fixed)} cannot be changed once the invoice is issued: only notes, description, expire_by, sms_notify and email_notify can.`,
        apiName(fixed),
      );
  }
  if (Object.keys(changes).length === 0) return [];
  checkTerms({ ...invoice.terms, ...changes }, command.metadata.now);
  return [{ type: 'InvoiceEdited', data: { changes, at: command.metadata.now } }];
}

/**
 * The lines after a PATCH's line_items (Razorpay's rule): a line named by id takes the fields sent
 * and keeps its id and the rest; a line without id is added at the end; lines not named stay.
 */
function editedLines(lines: readonly InvoiceLine[], edits: readonly LineEdit[]): InvoiceLine[] {
  return edits.reduce<InvoiceLine[]>(
    (result, edit, index) => {
      if (edit.kind === 'add') return [...result, edit.line];
      const at = result.findIndex((line) => line.id === edit.lineId);
      if (at < 0)
        throw new ValidationFailed('The id provided does not exist', `line_items.${index}.id`);
      const sentFields = Object.entries(edit.fields).filter(([, value]) => value !== undefined);
      return result.map((line, i) =>
        i === at ? { ...line, ...Object.fromEntries(sentFields) } : line,
      );
    },
    [...lines],
  );
}
