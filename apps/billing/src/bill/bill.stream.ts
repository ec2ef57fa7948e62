import { commandsOn } from '@platform/event-store';
import { billDetailsProjection } from './bill-details/bill-details.projection';
import { BILL_STREAM, billDecider } from './bill.decider';

/** A command on a bill stream, with its read model (no integration events: see BillModule). */
export const onBill = commandsOn({
  decider: billDecider,
  streamType: BILL_STREAM,
  projections: [billDetailsProjection],
});
