import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ItemEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateItemDto } from './dtos/create-item.dto';
import { ItemListQuery } from './dtos/item-list.query';
import { toItemEntity } from './dtos/item.response';
import { UpdateItemDto } from './dtos/update-item.dto';
import { getItemDetails, listItemDetails } from './item-details/item-details.query';
import { ItemService } from './item.service';

@ApiTags('Items')
@Controller('v1/items')
export class ItemController {
  constructor(
    private readonly items: ItemService,
    private readonly database: Database,
  ) {}

  /**
   * Create an item
   *
   * @returns The item
   */
  @Post()
  @HttpCode(200)
  createItem(@Caller() caller: RequestContext, @Body() body: CreateItemDto): Promise<ItemEntity> {
    return this.items.create(caller, body);
  }

  /**
   * List items, newest first
   *
   * @returns A page of items
   */
  @Get()
  async listItems(
    @Caller() caller: RequestContext,
    @Query() query: ItemListQuery,
  ): Promise<Collection<ItemEntity>> {
    return toCollection(
      (await listItemDetails(this.database, caller, query, { active: query.active })).map((row) =>
        toItemEntity(row),
      ),
    );
  }

  /**
   * Fetch an item
   *
   * @returns The item
   */
  @EntityIdParam('item', 'item')
  @Get(':id')
  async fetchItem(@Caller() caller: RequestContext, @Param('id') id: string): Promise<ItemEntity> {
    const row = orNotFound(await getItemDetails(this.database, caller, id));
    return toItemEntity(row);
  }

  /**
   * Update an item, or switch it on or off
   *
   * @returns The item after the update
   */
  @EntityIdParam('item', 'item')
  @Patch(':id')
  updateItem(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateItemDto,
  ): Promise<ItemEntity> {
    return this.items.update(caller, id, body);
  }

  /**
   * Delete an item
   *
   * @remarks Answers `[]`. The item is gone from then on ("The id provided does not exist").
   *
   * @returns An empty array
   */
  // Answers `[]`, as the SDK's types say.
  @EntityIdParam('item', 'item')
  @Delete(':id')
  async deleteItem(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.items.remove(caller, id);
    return [];
  }
}
