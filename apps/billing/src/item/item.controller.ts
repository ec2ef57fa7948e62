import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { ItemEntity } from '@platform/contracts';
import { newId, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import type { CommandSpec } from '@platform/event-store';
import { Caller, DEFAULT_CURRENCY, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { CreateItemDto } from './dtos/create-item.dto';
import { ItemListQuery } from './dtos/item-list.query';
import { toItemEntity } from './dtos/item.response';
import { UpdateItemDto } from './dtos/update-item.dto';
import { itemDetailsProjection } from './item-details/item-details.projection';
import { getItemDetails, listItemDetails } from './item-details/item-details.query';
import type { ItemCommand } from './item.commands';
import { ITEM_STREAM, itemDecider } from './item.decider';
import type { Item } from './item.decider';
import type { ItemEvent } from './item.events';

function onItem(
  itemId: string,
  command: ItemCommand,
  isNew = false,
): CommandSpec<Item, ItemCommand, ItemEvent> {
  return {
    decider: itemDecider,
    streamType: ITEM_STREAM,
    streamId: itemId,
    command,
    isNew,
    projections: [itemDetailsProjection],
  };
}

@Controller('v1/items')
export class ItemController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  async create(@Caller() caller: RequestContext, @Body() body: CreateItemDto): Promise<ItemEntity> {
    const itemId = newId('item');
    const details = {
      name: body.name,
      description: body.description ?? null,
      amount: body.amount,
      currency: body.currency ?? DEFAULT_CURRENCY,
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

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ItemListQuery,
  ): Promise<Collection<ItemEntity>> {
    return toCollection(
      (await listItemDetails(this.database, caller, query, { active: query.active })).map((row) =>
        toItemEntity(row),
      ),
    );
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<ItemEntity> {
    const row = await getItemDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toItemEntity(row);
  }

  @Patch(':id')
  update(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateItemDto,
  ): Promise<ItemEntity> {
    return this.run(
      onItem(id, {
        type: 'UpdateItem',
        data: { changes: { ...body } },
        metadata: this.clock.metadata(caller),
      }),
    );
  }

  /** Answers `[]`, as the SDK's types say. */
  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.handler.handle(
      onItem(id, { type: 'DeleteItem', data: {}, metadata: this.clock.metadata(caller) }),
    );
    return [];
  }

  private async run(spec: CommandSpec<Item, ItemCommand, ItemEvent>): Promise<ItemEntity> {
    const { stream } = await this.handler.handle(spec);
    const row = itemDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toItemEntity(row);
  }
}
