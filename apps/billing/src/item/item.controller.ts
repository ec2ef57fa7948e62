import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { ItemEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateItemDto } from './dtos/create-item.dto';
import { ItemListQuery } from './dtos/item-list.query';
import { toItemEntity } from './dtos/item.response';
import { UpdateItemDto } from './dtos/update-item.dto';
import { getItemDetails, listItemDetails } from './item-details/item-details.query';
import { ItemService } from './item.service';

@Controller('v1/items')
export class ItemController {
  constructor(
    private readonly items: ItemService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateItemDto): Promise<ItemEntity> {
    return this.items.create(caller, body);
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
    const row = orNotFound(await getItemDetails(this.database, caller, id));
    return toItemEntity(row);
  }

  @Patch(':id')
  update(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateItemDto,
  ): Promise<ItemEntity> {
    return this.items.update(caller, id, body);
  }

  /** Answers `[]`, as the SDK's types say. */
  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.items.remove(caller, id);
    return [];
  }
}
