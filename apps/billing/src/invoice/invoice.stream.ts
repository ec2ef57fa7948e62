import { commandsOn } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { invoiceDetailsProjection } from './invoice-details/invoice-details.projection';
import type { InvoiceCommand } from './invoice.commands';
import { INVOICE_STREAM, invoiceDecider } from './invoice.decider';
import type { InvoiceEvent, InvoiceTerms } from './invoice.events';
import { invoiceIntegrationEvents } from './invoice.integration';

export const EXPIRE_INVOICE_JOB = 'invoice.expire';
export const NOTIFY_INVOICE_JOB = 'invoice.notify';

/** A command on an invoice stream, with its read model, its public events and its timers. */
export function onInvoice(
  invoiceId: string,
  command: InvoiceCommand,
  publicBaseUrl: string,
  isNew = false,
) {
  return commandsOn({
    decider: invoiceDecider,
    streamType: INVOICE_STREAM,
    projections: [invoiceDetailsProjection],
    outbox: invoiceIntegrationEvents(publicBaseUrl),
    jobs: invoiceJobs,
  })(invoiceId, command, isNew);
}

function termsAfter(stream: readonly StoredEvent<InvoiceEvent>[]): InvoiceTerms {
  return stream.reduce<InvoiceTerms>(
    (terms, event) =>
      event.type === 'InvoiceCreated'
        ? event.data.terms
        : event.type === 'InvoiceEdited'
          ? { ...terms, ...event.data.changes }
          : event.type === 'InvoiceCustomerIdentified'
            ? { ...terms, customer: event.data.customer }
            : terms,
    undefined as unknown as InvoiceTerms,
  );
}

/**
 * An issued invoice expires at expire_by (a new deadline gets a new timer; the old one finds the
 * deadline moved and does nothing). Issuing sends the sms and email its notify flags ask for.
 */
function invoiceJobs(
  appended: readonly StoredEvent<InvoiceEvent>[],
  stream: readonly StoredEvent<InvoiceEvent>[],
): DueJob[] {
  const terms = termsAfter(stream);
  const issued = appended.find((event) => event.type === 'InvoiceIssued');
  const jobs: DueJob[] = [];
  const deadlineSet =
    issued ||
    appended.some(
      (event) => event.type === 'InvoiceEdited' && event.data.changes.expireBy !== undefined,
    );
  const isIssued = issued || stream.some((event) => event.type === 'InvoiceIssued');
  if (deadlineSet && isIssued && terms.expireBy !== null)
    jobs.push({
      kind: EXPIRE_INVOICE_JOB,
      streamId: appended[0].streamId,
      dueAt: terms.expireBy,
      payload: { expireBy: terms.expireBy },
    });
  if (issued) {
    const at = (issued.data as { at: number }).at;
    if (terms.smsNotify && terms.customer?.contact)
      jobs.push({
        kind: NOTIFY_INVOICE_JOB,
        streamId: issued.streamId,
        dueAt: at,
        payload: { medium: 'sms' },
      });
    if (terms.emailNotify && terms.customer?.email)
      jobs.push({
        kind: NOTIFY_INVOICE_JOB,
        streamId: issued.streamId,
        dueAt: at,
        payload: { medium: 'email' },
      });
  }
  return jobs;
}
