import type { CommandSpec } from '@platform/event-store';
import { billDetailsProjection } from './bill-details/bill-details.projection';
import type { BillCommand } from './bill.commands';
import { BILL_STREAM, billDecider } from './bill.decider';
import type { Bill } from './bill.decider';
import type { BillEvent } from './bill.events';

/** A command on a bill stream, with its read model (no integration events: see BillModule). */
export function onBill(
  billId: string,
  command: BillCommand,
  isNew = false,
): CommandSpec<Bill, BillCommand, BillEvent> {
  return {
    decider: billDecider,
    streamType: BILL_STREAM,
    streamId: billId,
    command,
    isNew,
    projections: [billDetailsProjection],
  };
}
