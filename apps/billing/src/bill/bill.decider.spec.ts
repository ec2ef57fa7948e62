import { AlreadyExists, fold, NotFound } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { MAX_AMOUNT } from '@platform/http';
import { DeciderSpecification, invalid } from '@platform/testing-core';
import type { BillCommand, ClaimedSummary } from './bill.commands';
import { billDecider, MAX_BILL_AMOUNT, priceBill } from './bill.decider';
import type { BillDraft, BillEvent, BillLineInput } from './bill.events';

const BILL_ID = 'bill_AbCdEfGhIjKlMn';
const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const metadata = (now = NOW): CommandMetadata => ({
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now,
});
const line = (overrides: Partial<BillLineInput> = {}): BillLineInput => ({
  id: 'li_AbCdEfGhIjKl01',
  name: 'Tea',
  description: null,
  quantity: 2,
  unit: null,
  hsnCode: null,
  unitAmount: 10000,
  taxRate: 18,
  taxInclusive: false,
  ...overrides,
});
const draft = (overrides: Partial<BillDraft> = {}): BillDraft => ({
  receiptNumber: 'R-1',
  receiptTimestamp: 1_700_000_000,
  receiptType: 'sales_invoice',
  receiptDelivery: 'digital',
  customer: { name: null, contact: '+919000090000', email: null },
  lineItems: [line()],
  currency: 'INR',
  payments: [],
  notes: {},
  ...overrides,
});
const created = (overrides: Partial<BillDraft> = {}): BillEvent => ({
  type: 'BillCreated',
  data: { billId: BILL_ID, details: priceBill(draft(overrides)), createdAt: NOW },
});
const create = (overrides: Partial<BillDraft> = {}, claimed: ClaimedSummary = {}): BillCommand => ({
  type: 'CreateBill',
  data: { billId: BILL_ID, draft: draft(overrides), claimed },
  metadata: metadata(),
});
const update = (changes: Partial<BillDraft>, claimed: ClaimedSummary = {}): BillCommand => ({
  type: 'UpdateBill',
  data: { changes, claimed },
  metadata: metadata(LATER),
});
const remove: BillCommand = { type: 'DeleteBill', data: {}, metadata: metadata(LATER) };

const given = DeciderSpecification.for(billDecider);

describe('Bill', () => {
  describe('pricing', () => {
    it('charges tax on top of an exclusive line and carves it out of an inclusive one, summing the lines', () => {
      const details = priceBill(
        draft({
          lineItems: [
            line(),
            line({ id: 'li_AbCdEfGhIjKl02', quantity: 1, unitAmount: 11800, taxInclusive: true }),
            line({ id: 'li_AbCdEfGhIjKl03', quantity: 3, unitAmount: 999, taxRate: null }),
          ],
        }),
      );
      expect(
        details.lineItems.map(({ grossAmount, taxableAmount, taxAmount, netAmount }) => ({
          grossAmount,
          taxableAmount,
          taxAmount,
          netAmount,
        })),
      ).toEqual([
        { grossAmount: 20000, taxableAmount: 20000, taxAmount: 3600, netAmount: 23600 },
        { grossAmount: 11800, taxableAmount: 10000, taxAmount: 1800, netAmount: 11800 },
        { grossAmount: 2997, taxableAmount: 2997, taxAmount: 0, netAmount: 2997 },
      ]);
      expect(details.summary).toEqual({
        totalQuantity: 6,
        subTotalAmount: 32997,
        taxAmount: 5400,
        netPayableAmount: 38397,
      });
    });

    it('reads a fractional slab exactly (0.25% of 333 is 0.8325, rounded half up to 1)', () => {
      expect(
        priceBill(draft({ lineItems: [line({ quantity: 1, unitAmount: 333, taxRate: 0.25 })] }))
          .summary,
      ).toEqual({ totalQuantity: 1, subTotalAmount: 333, taxAmount: 1, netPayableAmount: 334 });
    });

    it('gives a payment without a currency the bill’s', () => {
      expect(
        priceBill(
          draft({
            currency: 'USD',
            payments: [{ method: 'cash', amount: 100, currency: null, reference: null }],
          }),
        ).payments,
      ).toEqual([{ method: 'cash', amount: 100, currency: 'USD', reference: null }]);
    });
  });

  describe('when it does not exist', () => {
    it('is created with its priced lines, its summary and the time', () => {
      given([]).when(create()).then([created()]);
    });

    it('accepts client totals equal to the computed ones', () => {
      given([])
        .when(
          create(
            {},
            { totalQuantity: 2, subTotalAmount: 20000, taxAmount: 3600, netPayableAmount: 23600 },
          ),
        )
        .then([created()]);
    });

    it.each([
      ['totalQuantity', 3, 'receipt_summary.total_quantity', /must be 2, as computed/],
      ['subTotalAmount', 23600, 'receipt_summary.sub_total_amount', /must be 20000/],
      ['taxAmount', 3599, 'receipt_summary.tax_amount', /must be 3600/],
      [
        'netPayableAmount',
        23601,
        'receipt_summary.net_payable_amount',
        /must be 23600, as computed from the line items \(23601 was sent\)/,
      ],
    ])('refuses a wrong %s, naming it', (key, value, field, description) => {
      given([])
        .when(create({}, { [key]: value }))
        .thenThrows(invalid(field, description));
    });

    it('accepts payments up to the net payable amount, and refuses more', () => {
      const paid = { method: 'upi' as const, amount: 23600, currency: null, reference: 'UTR1' };
      given([])
        .when(create({ payments: [paid] }))
        .then([created({ payments: [paid] })]);
      given([])
        .when(create({ payments: [paid, { ...paid, amount: 1 }] }))
        .thenThrows(
          invalid('payments', /add up to 23601, more than the net payable amount of 23600/),
        );
    });

    it('refuses a payment in another currency', () => {
      given([])
        .when(
          create({ payments: [{ method: 'card', amount: 100, currency: 'USD', reference: null }] }),
        )
        .thenThrows(invalid('payments.0.currency'));
    });

    it('refuses a bill whose net payable amount is over the platform’s largest amount', () => {
      expect(MAX_BILL_AMOUNT).toBe(MAX_AMOUNT);
      given([])
        .when(create({ lineItems: [line({ unitAmount: MAX_AMOUNT, quantity: 2, taxRate: null })] }))
        .thenThrows(invalid('line_items'));
    });

    it.each([update({ receiptNumber: 'x' }), remove])('cannot be updated or deleted', (command) => {
      given([]).when(command).thenThrows(NotFound);
    });
  });

  describe('when created', () => {
    it('records the whole re-priced bill after a change', () => {
      const lineItems = [line({ quantity: 5 })];
      given([created()])
        .when(update({ lineItems }))
        .then([
          {
            type: 'BillUpdated',
            data: { details: priceBill(draft({ lineItems })), updatedAt: LATER },
          },
        ]);
    });

    it('keeps what was not sent', () => {
      const event = {
        type: 'BillUpdated' as const,
        data: {
          details: priceBill(draft({ receiptNumber: 'R-2', notes: { till: 4 } })),
          updatedAt: LATER,
        },
      };
      given([created()])
        .when(update({ receiptNumber: 'R-2', notes: { till: 4 } }))
        .then([event]);
      expect(fold(billDecider, [created(), event])).toEqual({
        status: 'present',
        details: event.data.details,
      });
    });

    it('records nothing for an update that changes nothing', () => {
      given([created()])
        .when(update({ receiptNumber: 'R-1', currency: 'INR' }, { netPayableAmount: 23600 }))
        .thenNothingHappened();
    });

    it('checks the client’s totals and the payments against the bill after the change', () => {
      given([created()])
        .when(update({ lineItems: [line({ quantity: 1 })] }, { netPayableAmount: 23600 }))
        .thenThrows(invalid('receipt_summary.net_payable_amount', /must be 11800/));
      const paid = { method: 'cash' as const, amount: 20000, currency: 'INR', reference: null };
      given([created({ payments: [paid] })])
        .when(update({ lineItems: [line({ quantity: 1 })] }))
        .thenThrows(invalid('payments'));
    });

    it('cannot be created again', () => {
      given([created()]).when(create()).thenThrows(AlreadyExists);
    });

    it('is deleted', () => {
      given([created()])
        .when(remove)
        .then([{ type: 'BillDeleted', data: { deletedAt: LATER } }]);
    });
  });

  describe('when deleted', () => {
    const history: BillEvent[] = [created(), { type: 'BillDeleted', data: { deletedAt: LATER } }];

    it.each([update({ receiptNumber: 'R-9' }), remove])(
      'is gone: neither updated nor deleted again',
      (command) => {
        given(history).when(command).thenThrows(NotFound);
      },
    );

    it('folds to deleted', () => {
      expect(fold(billDecider, history)).toEqual({ status: 'deleted' });
    });
  });
});
