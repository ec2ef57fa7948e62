import { Injectable } from '@nestjs/common';
import type { ItemEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import type { CommandSpec } from '@platform/event-store';
import { DEFAULT_CURRENCY } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { CreateItemDto } from './dtos/create-item.dto';
import { toItemEntity } from './dtos/item.response';
import type { UpdateItemDto } from './dtos/update-item.dto';
import { itemDetailsProjection } from './item-details/item-details.projection';
import type { ItemCommand } from './item.commands';
import type { Item } from './item.decider';
import type { ItemEvent } from './item.events';
import { onItem } from './item.stream';

/** The item use cases: the edge's input becomes a command for the item decider. */
@Injectable()
export class ItemService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  create(caller: RequestContext, dto: CreateItemDto): Promise<ItemEntity> {
    const itemId = newId('item');
    const details = {
      name: dto.name,
      description: dto.description ?? null,
      amount: dto.amount,
      currency: dto.currency ?? DEFAULT_CURRENCY,
      active: true,
    };
    return this.run(
      onItem(
        itemId,
        { type: 'CreateItem', data: { itemId, details }, metadata: this.clock.metadata(caller) },
        true,
      ),
    );
  }

  update(caller: RequestContext, itemId: string, dto: UpdateItemDto): Promise<ItemEntity> {
    return this.run(
      onItem(itemId, {
        type: 'UpdateItem',
        data: { changes: { ...dto } },
        metadata: this.clock.metadata(caller),
      }),
    );
  }

  async remove(caller: RequestContext, itemId: string): Promise<void> {
    await this.handler.handle(
      onItem(itemId, { type: 'DeleteItem', data: {}, metadata: this.clock.metadata(caller) }),
    );
  }

  private async run(spec: CommandSpec<Item, ItemCommand, ItemEvent>): Promise<ItemEntity> {
    const { stream } = await this.handler.handle(spec);
    const row = orNotFound(itemDetailsProjection.view(stream));
    return toItemEntity(row);
  }
}
