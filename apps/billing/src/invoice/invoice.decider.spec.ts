import { AlreadyExists, IllegalTransition, NotFound } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { DeciderSpecification, illegal, invalid } from '@platform/testing-core';
import type { InvoiceCommand, LineEdit, RecordInvoicePayment } from './invoice.commands';
import { invoiceDecider } from './invoice.decider';
import type {
  InvoiceEvent,
  InvoiceLine,
  InvoicePaymentRejectionReason,
  InvoiceTerms,
} from './invoice.events';
import { CUSTOMER, LATER, NOW, ORDER_ID, TERMS } from './invoice.fixtures';

const given = DeciderSpecification.for(invoiceDecider);

const INVOICE_ID = 'inv_AbCdEfGhIjKlMn';
const [PAYMENT, SECOND_PAYMENT] = ['pay_AbCdEfGhIjKlMn', 'pay_BcDeFgHiJkLmNo'];
const METADATA: CommandMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: LATER };

const ISSUED: InvoiceEvent[] = [
  { type: 'InvoiceCreated', data: { invoiceId: INVOICE_ID, terms: TERMS, createdAt: NOW } },
  { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } },
];
const recordPayment = (paymentId: string, amount: number): RecordInvoicePayment => ({
  type: 'RecordInvoicePayment',
  data: { paymentId, amount },
  metadata: METADATA,
});
const recorded = (paymentId: string, amount: number): InvoiceEvent => ({
  type: 'InvoicePaymentRecorded',
  data: { paymentId, amount, at: LATER },
});
const rejected = (
  paymentId: string,
  amount: number,
  reason: InvoicePaymentRejectionReason,
): InvoiceEvent => ({
  type: 'InvoicePaymentRejected',
  data: { paymentId, amount, reason, at: LATER },
});

/** Terms an invoice can be issued with: a customer to pay its one line of 100,000. */
const PAYABLE: InvoiceTerms = { ...TERMS, customer: CUSTOMER };
const DEADLINE = LATER + 3_600_000;
const [LINE] = TERMS.lines;
/** Lines a PATCH adds (their ids made at the edge). */
const SECOND_LINE: InvoiceLine = {
  ...LINE,
  id: 'li_SecondLine0001',
  name: 'A Wild Sheep Chase',
  unitAmount: 20_000,
};
const THIRD_LINE: InvoiceLine = {
  ...LINE,
  id: 'li_ThirdLine00001',
  name: 'Setup',
  unitAmount: 5_000,
};

/** A command of any type, at LATER unless `now` says otherwise. */
const command = <C extends InvoiceCommand>(
  type: C['type'],
  data: C['data'],
  now = LATER,
): InvoiceCommand => ({ type, data, metadata: { ...METADATA, now } }) as InvoiceCommand;
const createInvoice = (terms: InvoiceTerms, issueWith: { orderId: string } | null = null) =>
  command('CreateInvoice', { invoiceId: INVOICE_ID, terms, issueWith }, NOW);
const editInvoice = (changes: Partial<Omit<InvoiceTerms, 'lines'>>, lineEdits?: LineEdit[]) =>
  command('EditInvoice', { changes, lineEdits });
const editLines = (...lineEdits: LineEdit[]) => editInvoice({}, lineEdits);
const issueInvoice = () => command('IssueInvoice', { orderId: ORDER_ID });
const deleteInvoice = () => command('DeleteInvoice', {});
const cancelInvoice = () => command('CancelInvoice', {});
const expireInvoice = (expireBy: number, now = DEADLINE) =>
  command('ExpireInvoice', { expireBy }, now);
const notify = (medium: 'sms' | 'email') => command('RecordNotification', { medium });

const created = (terms: InvoiceTerms = PAYABLE): InvoiceEvent => ({
  type: 'InvoiceCreated',
  data: { invoiceId: INVOICE_ID, terms, createdAt: NOW },
});
const DRAFT: InvoiceEvent[] = [created()];
const PAYABLE_ISSUED: InvoiceEvent[] = [
  created(),
  { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } },
];
const withDeadline: InvoiceEvent[] = [
  created({ ...PAYABLE, expireBy: DEADLINE }),
  { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } },
];
const PARTIALLY_PAID: InvoiceEvent[] = [...PAYABLE_ISSUED, recorded(PAYMENT, 40_000)];
const PAID: InvoiceEvent[] = [
  ...PARTIALLY_PAID,
  recorded(SECOND_PAYMENT, 60_000),
  { type: 'InvoicePaid', data: { paymentId: SECOND_PAYMENT, at: LATER } },
];
const DELETED: InvoiceEvent[] = [...DRAFT, { type: 'InvoiceDeleted', data: { at: LATER } }];

describe('Invoice', () => {
  describe('when it does not exist', () => {
    it('is created as a draft with its terms, at the command time', () => {
      given([])
        .when(createInvoice(TERMS))
        .then([created(TERMS)]);
    });

    it('is created and issued at once, with the order payments opens for it', () => {
      given([])
        .when(createInvoice(PAYABLE, { orderId: ORDER_ID }))
        .then(PAYABLE_ISSUED);
    });

    it('is created as a draft without a customer or line items: issuing needs them, not writing', () => {
      const empty: InvoiceTerms = { ...TERMS, lines: [] };
      given([])
        .when(createInvoice(empty))
        .then([created(empty)]);
    });

    it('refuses more than 50 line items', () => {
      const lines = Array.from({ length: 51 }, (_, index) => ({ ...LINE, id: `li_${index}` }));
      given([])
        .when(createInvoice({ ...TERMS, lines }))
        .thenThrows(invalid('line_items', 'An invoice may have at most 50 line items.'));
    });

    it('refuses a line item in another currency, naming the line', () => {
      given([])
        .when(createInvoice({ ...TERMS, lines: [{ ...LINE, currency: 'USD' }] }))
        .thenThrows(
          invalid('line_items[0]', 'The line_items[0] is in USD, not the invoice currency INR.'),
        );
    });

    it('refuses an expire_by that is not in the future', () => {
      given([])
        .when(createInvoice({ ...TERMS, expireBy: NOW }))
        .thenThrows(invalid('expire_by', 'The expire_by must be in the future.'));
    });

    it('is not issued without a line item', () => {
      given([])
        .when(createInvoice({ ...PAYABLE, lines: [] }, { orderId: ORDER_ID }))
        .thenThrows(invalid('line_items', 'An invoice needs at least one line item to be issued.'));
    });

    it('is not issued for less than 100 (₹1)', () => {
      given([])
        .when(
          createInvoice(
            { ...PAYABLE, lines: [{ ...LINE, unitAmount: 99 }] },
            { orderId: ORDER_ID },
          ),
        )
        .thenThrows(invalid('line_items', 'The invoice amount must be at least 100 (it is 99).'));
    });

    it('is not issued without someone to pay it', () => {
      given([])
        .when(createInvoice(TERMS, { orderId: ORDER_ID }))
        .thenThrows(
          invalid('customer_id', 'The customer_id or customer is required to issue an invoice.'),
        );
    });

    it('is issued without a customer when it bills a subscription (its authorizer pays)', () => {
      const cycle: InvoiceTerms = { ...TERMS, subscriptionId: 'sub_AbCdEfGhIjKlMn' };
      given([])
        .when(createInvoice(cycle, { orderId: ORDER_ID }))
        .then([created(cycle), { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } }]);
    });

    it('is issued without a customer as a payment link', () => {
      const link: InvoiceTerms = { ...TERMS, type: 'link' };
      given([])
        .when(createInvoice(link, { orderId: ORDER_ID }))
        .then([created(link), { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } }]);
    });

    it.each([
      ['edited', editInvoice({ notes: { a: 'b' } })],
      ['issued', issueInvoice()],
      ['deleted', deleteInvoice()],
      ['cancelled', cancelInvoice()],
      ['paid', recordPayment(PAYMENT, 100_000)],
      ['sent', notify('email')],
    ])('cannot be %s: the id is unknown', (_, unknown) => {
      given([]).when(unknown).thenThrows(NotFound);
    });

    it('is not expired by a timer', () => {
      given([]).when(expireInvoice(DEADLINE)).thenNothingHappened();
    });
  });

  describe('when issued', () => {
    it('records a payment towards its amount', () => {
      given(ISSUED)
        .when(recordPayment(PAYMENT, 40_000))
        .then([recorded(PAYMENT, 40_000)]);
    });

    it('rejects a payment of more than is due (payments refunds it)', () => {
      given([...ISSUED, recorded(PAYMENT, 40_000)])
        .when(recordPayment(SECOND_PAYMENT, 60_001))
        .then([rejected(SECOND_PAYMENT, 60_001, 'exceeds_amount_due')]);
    });

    it('is paid by a payment of its whole amount', () => {
      given(PAYABLE_ISSUED)
        .when(recordPayment(PAYMENT, 100_000))
        .then([
          recorded(PAYMENT, 100_000),
          { type: 'InvoicePaid', data: { paymentId: PAYMENT, at: LATER } },
        ]);
    });

    it('changes what may change once issued: notes, description, expire_by and notifications', () => {
      const changes: Partial<InvoiceTerms> = {
        notes: { ref: 'A-1' },
        description: 'Renewal',
        expireBy: DEADLINE,
        smsNotify: true,
        emailNotify: true,
      };
      given(PAYABLE_ISSUED)
        .when(editInvoice(changes))
        .then([{ type: 'InvoiceEdited', data: { changes, at: LATER } }]);
    });

    it('refuses a change to anything else, naming the field as the API does', () => {
      given(PAYABLE_ISSUED)
        .when(editInvoice({ partialPayment: false }))
        .thenThrows(
          invalid(
            'partial_payment',
            'The partial_payment cannot be changed once the invoice is issued: only notes, description, expire_by, sms_notify and email_notify can.',
          ),
        );
    });

    it('takes a fixed field sent again with its current value as no change', () => {
      given(PAYABLE_ISSUED)
        .when(
          editInvoice({ currency: 'INR' }, [
            { kind: 'change', lineId: LINE.id, fields: { name: LINE.name } },
          ]),
        )
        .thenNothingHappened();
    });

    it('refuses a change to a line, as to any line_items change', () => {
      given(PAYABLE_ISSUED)
        .when(editLines({ kind: 'change', lineId: LINE.id, fields: { quantity: 2 } }))
        .thenThrows(
          invalid(
            'line_items',
            'The line_items cannot be changed once the invoice is issued: only notes, description, expire_by, sms_notify and email_notify can.',
          ),
        );
    });

    it('refuses a new line', () => {
      given(PAYABLE_ISSUED)
        .when(editLines({ kind: 'add', line: SECOND_LINE }))
        .thenThrows(invalid('line_items'));
    });

    it('refuses a new expire_by that has passed', () => {
      given(PAYABLE_ISSUED)
        .when(editInvoice({ expireBy: LATER - 1 }))
        .thenThrows(invalid('expire_by'));
    });

    it('cannot be issued again', () => {
      given(PAYABLE_ISSUED)
        .when(issueInvoice())
        .thenThrows(illegal('Only a draft invoice can be issued; this one is issued.'));
    });

    it('cannot be deleted', () => {
      given(PAYABLE_ISSUED)
        .when(deleteInvoice())
        .thenThrows(illegal('Only a draft invoice can be deleted; this one is issued.'));
    });

    it('is cancelled', () => {
      given(PAYABLE_ISSUED)
        .when(cancelInvoice())
        .then([{ type: 'InvoiceCancelled', data: { at: LATER } }]);
    });

    it('is sent by SMS or e-mail, each time it is asked', () => {
      given([...PAYABLE_ISSUED, { type: 'InvoiceNotified', data: { medium: 'sms', at: NOW } }])
        .when(notify('sms'))
        .then([{ type: 'InvoiceNotified', data: { medium: 'sms', at: LATER } }]);
    });
  });

  describe('when issued with an expire_by', () => {
    it('expires when its timer fires at the deadline', () => {
      given(withDeadline)
        .when(expireInvoice(DEADLINE))
        .then([{ type: 'InvoiceExpired', data: { at: DEADLINE } }]);
    });

    it('does not expire before the deadline', () => {
      given(withDeadline)
        .when(expireInvoice(DEADLINE, DEADLINE - 1))
        .thenNothingHappened();
    });

    it('ignores the timer of a deadline since moved', () => {
      given([
        ...withDeadline,
        { type: 'InvoiceEdited', data: { changes: { expireBy: DEADLINE + 1 }, at: LATER } },
      ])
        .when(expireInvoice(DEADLINE))
        .thenNothingHappened();
    });

    it('ignores the timer once the deadline was taken away', () => {
      given([
        ...withDeadline,
        { type: 'InvoiceEdited', data: { changes: { expireBy: null }, at: LATER } },
      ])
        .when(expireInvoice(DEADLINE))
        .thenNothingHappened();
    });

    it('expires partly paid', () => {
      given([...withDeadline, recorded(PAYMENT, 40_000)])
        .when(expireInvoice(DEADLINE))
        .then([{ type: 'InvoiceExpired', data: { at: DEADLINE } }]);
    });
  });

  describe('when partly paid', () => {
    it('is paid by a payment of what is still due', () => {
      given(PARTIALLY_PAID)
        .when(recordPayment(SECOND_PAYMENT, 60_000))
        .then([
          recorded(SECOND_PAYMENT, 60_000),
          { type: 'InvoicePaid', data: { paymentId: SECOND_PAYMENT, at: LATER } },
        ]);
    });

    it('records a payment once, however often it is reported', () => {
      given(PARTIALLY_PAID).when(recordPayment(PAYMENT, 40_000)).thenNothingHappened();
    });

    it('cannot be cancelled: only an issued invoice can', () => {
      given(PARTIALLY_PAID)
        .when(cancelInvoice())
        .thenThrows(
          illegal('Only an issued invoice can be cancelled; this one is partially paid.'),
        );
    });

    it('refuses a change to a fixed field', () => {
      given(PARTIALLY_PAID)
        .when(editInvoice({ receipt: 'rcpt_1' }))
        .thenThrows(invalid('receipt'));
    });
  });

  describe.each([
    ['cancelled', { type: 'InvoiceCancelled', data: { at: NOW } }],
    ['expired', { type: 'InvoiceExpired', data: { at: NOW } }],
  ] as const)('when %s before a payment arrived', (status, ended) => {
    const history: InvoiceEvent[] = [...ISSUED, ended];
    const article = status === 'expired' ? 'An' : 'A';

    it('rejects the payment, naming why (payments refunds it)', () => {
      given(history)
        .when(recordPayment(PAYMENT, 100_000))
        .then([rejected(PAYMENT, 100_000, `invoice_${status}`)]);
    });

    it('rejects a payment once, however often it is reported', () => {
      given([...history, rejected(PAYMENT, 100_000, `invoice_${status}`)])
        .when(recordPayment(PAYMENT, 100_000))
        .thenNothingHappened();
    });

    it('cannot be edited', () => {
      given(history)
        .when(editInvoice({ notes: { a: 'b' } }))
        .thenThrows(illegal(`${article} ${status} invoice cannot be edited.`));
    });

    it('cannot be sent', () => {
      given(history)
        .when(notify('email'))
        .thenThrows(illegal(`${article} ${status} invoice cannot be sent.`));
    });

    it('cannot be cancelled', () => {
      given(history)
        .when(cancelInvoice())
        .thenThrows(illegal(`Only an issued invoice can be cancelled; this one is ${status}.`));
    });

    it('ignores its expiry timer', () => {
      given([...withDeadline, ended])
        .when(expireInvoice(DEADLINE))
        .thenNothingHappened();
    });
  });

  describe('when paid', () => {
    const paid: InvoiceEvent[] = [
      ...ISSUED,
      recorded(PAYMENT, 100_000),
      { type: 'InvoicePaid', data: { paymentId: PAYMENT, at: LATER } },
    ];

    it('ignores its own payment reported again', () => {
      given(paid).when(recordPayment(PAYMENT, 100_000)).thenNothingHappened();
    });

    it('rejects another payment (payments refunds it)', () => {
      given(paid)
        .when(recordPayment(SECOND_PAYMENT, 100))
        .then([rejected(SECOND_PAYMENT, 100, 'invoice_paid')]);
    });

    it('cannot be edited', () => {
      given(PAID)
        .when(editInvoice({ notes: { a: 'b' } }))
        .thenThrows(illegal('A paid invoice cannot be edited.'));
    });

    it('cannot be cancelled', () => {
      given(PAID)
        .when(cancelInvoice())
        .thenThrows(illegal('Only an issued invoice can be cancelled; this one is paid.'));
    });

    it('does not expire', () => {
      given(PAID).when(expireInvoice(DEADLINE)).thenNothingHappened();
    });

    it('can still be sent (as a receipt)', () => {
      given(PAID)
        .when(notify('email'))
        .then([{ type: 'InvoiceNotified', data: { medium: 'email', at: LATER } }]);
    });
  });

  describe("when a subscription's authorization invoice (no customer until it is paid)", () => {
    const SUBSCRIPTION_TERMS: InvoiceTerms = { ...TERMS, subscriptionId: 'sub_AbCdEfGhIjKlMn' };
    const AUTHORIZATION: InvoiceEvent[] = [
      created(SUBSCRIPTION_TERMS),
      { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } },
    ];
    const identify = () => command('IdentifyInvoiceCustomer', { customer: CUSTOMER });
    const identified: InvoiceEvent = {
      type: 'InvoiceCustomerIdentified',
      data: { customer: CUSTOMER, at: LATER },
    };

    it('names the customer who paid it, paid or not yet', () => {
      given(AUTHORIZATION).when(identify()).then([identified]);
      given([...AUTHORIZATION, recorded(PAYMENT, 100_000)])
        .when(identify())
        .then([identified]);
    });

    it('keeps a customer it names already', () => {
      given([...AUTHORIZATION, identified])
        .when(identify())
        .thenNothingHappened();
    });

    it('is the only kind of invoice a payment names the customer of', () => {
      given(ISSUED)
        .when(identify())
        .thenThrows(illegal("Only a subscription's invoice is named its customer by its payment."));
      given([]).when(identify()).thenThrows(NotFound);
    });
  });

  describe('when a draft', () => {
    it('cannot be paid: it has no order', () => {
      given(ISSUED.slice(0, 1)).when(recordPayment(PAYMENT, 100_000)).thenThrows(IllegalTransition);
    });

    it('cannot be created again', () => {
      given(DRAFT).when(createInvoice(PAYABLE)).thenThrows(AlreadyExists);
    });

    it('records only the fields that really change', () => {
      given(DRAFT)
        .when(editInvoice({ description: 'Renewal', currency: 'INR', receipt: undefined }))
        .then([
          { type: 'InvoiceEdited', data: { changes: { description: 'Renewal' }, at: LATER } },
        ]);
    });

    it('changes any field, fixed ones included', () => {
      given(DRAFT)
        .when(
          editInvoice({ partialPayment: false }, [
            { kind: 'change', lineId: LINE.id, fields: { quantity: 2 } },
          ]),
        )
        .then([
          {
            type: 'InvoiceEdited',
            data: {
              changes: { partialPayment: false, lines: [{ ...LINE, quantity: 2 }] },
              at: LATER,
            },
          },
        ]);
    });

    it('records nothing for an edit that changes nothing', () => {
      given(DRAFT)
        .when(editInvoice({ notes: {} }))
        .thenNothingHappened();
    });

    it('changes a line named by id in place: the fields sent replace its own, the rest and its id stay', () => {
      given(DRAFT)
        .when(
          editLines({
            kind: 'change',
            lineId: LINE.id,
            fields: { name: 'Annual plan (renamed)', quantity: 3, description: undefined },
          }),
        )
        .then([
          {
            type: 'InvoiceEdited',
            data: {
              changes: { lines: [{ ...LINE, name: 'Annual plan (renamed)', quantity: 3 }] },
              at: LATER,
            },
          },
        ]);
    });

    it('adds a line sent without id after the lines it has', () => {
      given(DRAFT)
        .when(editLines({ kind: 'add', line: SECOND_LINE }))
        .then([
          { type: 'InvoiceEdited', data: { changes: { lines: [LINE, SECOND_LINE] }, at: LATER } },
        ]);
    });

    it('keeps the lines a PATCH does not name, whatever it does to the others', () => {
      given([created({ ...PAYABLE, lines: [LINE, SECOND_LINE] })])
        .when(
          editLines(
            { kind: 'change', lineId: SECOND_LINE.id, fields: { unitAmount: 30_000 } },
            { kind: 'add', line: THIRD_LINE },
          ),
        )
        .then([
          {
            type: 'InvoiceEdited',
            data: {
              changes: { lines: [LINE, { ...SECOND_LINE, unitAmount: 30_000 }, THIRD_LINE] },
              at: LATER,
            },
          },
        ]);
    });

    it('refuses a line id it does not have, naming the line_items entry', () => {
      given(DRAFT)
        .when(
          editLines(
            { kind: 'add', line: SECOND_LINE },
            { kind: 'change', lineId: 'li_NotOnThisOne1', fields: { quantity: 2 } },
          ),
        )
        .thenThrows(invalid('line_items.1.id', 'The id provided does not exist'));
    });

    it('refuses new lines past 50 in all', () => {
      const lines = Array.from({ length: 50 }, (_, index) => ({ ...LINE, id: `li_${index}` }));
      given([created({ ...PAYABLE, lines })])
        .when(editLines({ kind: 'add', line: SECOND_LINE }))
        .thenThrows(invalid('line_items', 'An invoice may have at most 50 line items.'));
    });

    it('refuses an edit that puts a line in another currency', () => {
      given(DRAFT)
        .when(editInvoice({ currency: 'USD' }))
        .thenThrows(invalid('line_items[0]'));
    });

    it('is issued with the order payments opens for it', () => {
      given(DRAFT)
        .when(issueInvoice())
        .then([{ type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: LATER } }]);
    });

    it('is issued with the terms it was edited to', () => {
      given([
        ...ISSUED.slice(0, 1),
        { type: 'InvoiceEdited', data: { changes: { customer: CUSTOMER }, at: NOW } },
      ])
        .when(issueInvoice())
        .then([{ type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: LATER } }]);
    });

    it('is not issued without someone to pay it', () => {
      given(ISSUED.slice(0, 1)).when(issueInvoice()).thenThrows(invalid('customer_id'));
    });

    it('is not issued once its expire_by has passed', () => {
      given([created({ ...PAYABLE, expireBy: LATER })])
        .when(issueInvoice())
        .thenThrows(invalid('expire_by'));
    });

    it('is deleted', () => {
      given(DRAFT)
        .when(deleteInvoice())
        .then([{ type: 'InvoiceDeleted', data: { at: LATER } }]);
    });

    it('cannot be cancelled: only an issued invoice can', () => {
      given(DRAFT)
        .when(cancelInvoice())
        .thenThrows(illegal('Only an issued invoice can be cancelled; this one is draft.'));
    });

    it('cannot be sent: it must be issued first', () => {
      given(DRAFT)
        .when(notify('sms'))
        .thenThrows(illegal('A draft invoice cannot be sent: issue it first.'));
    });

    it('does not expire (it was never payable)', () => {
      given([created({ ...PAYABLE, expireBy: DEADLINE })])
        .when(expireInvoice(DEADLINE))
        .thenNothingHappened();
    });
  });

  describe('when deleted', () => {
    it.each([
      ['edited', editInvoice({ notes: { a: 'b' } })],
      ['issued', issueInvoice()],
      ['deleted again', deleteInvoice()],
      ['cancelled', cancelInvoice()],
      ['paid', recordPayment(PAYMENT, 100_000)],
      ['sent', notify('email')],
    ])('cannot be %s: it answers as an unknown id', (_, anything) => {
      given(DELETED).when(anything).thenThrows(NotFound);
    });

    it('cannot be created again under its id', () => {
      given(DELETED).when(createInvoice(PAYABLE)).thenThrows(AlreadyExists);
    });
  });
});
