import { newId, percentToBasisPoints, ValidationFailed } from '@platform/domain-kit';
import type { Database } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { getItemDetails } from '../item/item-details/item-details.query';
import type { ItemDetailsRow } from '../item/item-details/item-details.entity';
import type { LineItemDto, LineItemEditDto } from './dtos/invoice-fields';
import type { LineChange, LineEdit } from './invoice.commands';
import type { InvoiceLine } from './invoice.events';

/** Where a request's line_items become lines: catalogue items are read here, ids made here. */
export class InvoiceLines {
  constructor(
    private readonly database: Database,
    private readonly caller: RequestContext,
  ) {}

  /** POST's line_items: every line is new. */
  all(lines: readonly LineItemDto[], currency: string): Promise<InvoiceLine[]> {
    return Promise.all(lines.map((line, i) => this.newLine(line, i, currency)));
  }

  /** PATCH's line_items: a line with `id` is a change to that line (the decider checks it exists), one without a new line. */
  edits(lines: readonly LineItemEditDto[], currency: string): Promise<LineEdit[]> {
    return Promise.all(
      lines.map(async ({ id, ...line }, i): Promise<LineEdit> => {
        if (id === undefined) return { kind: 'add', line: await this.newLine(line, i, currency) };
        return { kind: 'change', lineId: id, fields: await this.changedFields(line, i) };
      }),
    );
  }

  /** An item of the catalogue (its values copied, the fields sent overriding them) or a line written inline. */
  private async newLine(line: LineItemDto, i: number, currency: string): Promise<InvoiceLine> {
    const common = {
      id: newId('li'),
      type: 'invoice' as const,
      quantity: line.quantity ?? 1,
      taxRateBasisPoints: line.tax_rate === undefined ? null : percentToBasisPoints(line.tax_rate),
      taxInclusive: line.tax_inclusive ?? false,
      hsnCode: line.hsn_code ?? null,
      sacCode: line.sac_code ?? null,
      unit: line.unit ?? null,
    };
    if (line.item_id !== undefined) {
      const item = await this.item(line.item_id, i);
      return {
        ...common,
        itemId: item.id,
        name: line.name ?? item.name,
        description: line.description ?? item.description,
        unitAmount: line.amount ?? item.amount,
        currency: item.currency,
      };
    }
    if (line.name === undefined)
      throw new ValidationFailed(
        'The name field is required when item_id is not sent.',
        `line_items[${i}].name`,
      );
    if (line.amount === undefined)
      throw new ValidationFailed(
        'The amount field is required when item_id is not sent.',
        `line_items[${i}].amount`,
      );
    return {
      ...common,
      itemId: null,
      name: line.name,
      description: line.description ?? null,
      unitAmount: line.amount,
      currency: line.currency ?? currency,
    };
  }

  /** Only the fields sent; an item_id sent makes the line that item (the other fields sent overriding it). */
  private async changedFields(line: LineItemDto, i: number): Promise<LineChange> {
    const item = line.item_id === undefined ? undefined : await this.item(line.item_id, i);
    return {
      itemId: item?.id,
      name: line.name ?? item?.name,
      description: line.description ?? item?.description,
      unitAmount: line.amount ?? item?.amount,
      currency: item?.currency ?? line.currency,
      quantity: line.quantity,
      taxRateBasisPoints:
        line.tax_rate === undefined ? undefined : percentToBasisPoints(line.tax_rate),
      taxInclusive: line.tax_inclusive,
      hsnCode: line.hsn_code,
      sacCode: line.sac_code,
      unit: line.unit,
    };
  }

  private async item(itemId: string, i: number): Promise<ItemDetailsRow> {
    const item = await getItemDetails(this.database, this.caller, itemId);
    if (!item)
      throw new ValidationFailed('The id provided does not exist', `line_items[${i}].item_id`);
    if (!item.active)
      throw new ValidationFailed(
        'The item is inactive: activate it to invoice it.',
        `line_items[${i}].item_id`,
      );
    return item;
  }
}
