import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { newId, NotFound } from '@platform/domain-kit';
import { DataSource } from 'typeorm';
import { AccountRow } from './account.entity';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyRegistry } from './api-key-registry';
import { ApiKeyRow } from './api-key.entity';
import { CreateAccountDto } from './dtos/create-account.dto';
import { CreateKeyDto } from './dtos/create-key.dto';
import { toAccountResponse, toKeySummary } from './dtos/account.response';
import type { AccountResponse, KeySummary } from './dtos/account.response';

/** The admin API (DESIGN.md "Accounts and keys"): accounts and their API key pairs. */
@Controller('admin/v1')
@UseGuards(AdminTokenGuard)
export class AccountsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: ApiKeyRegistry,
  ) {}

  @Post('accounts')
  @HttpCode(201)
  async createAccount(@Body() body: CreateAccountDto): Promise<AccountResponse> {
    const account = await this.dataSource.manager.save(AccountRow, {
      id: newId('acc'),
      name: body.name,
    });
    return toAccountResponse(account);
  }

  @Get('accounts/:id')
  async getAccount(@Param('id') id: string): Promise<AccountResponse> {
    const account = await this.dataSource.manager.findOneBy(AccountRow, { id });
    if (!account) throw new NotFound();
    const keys = await this.dataSource.manager.find(ApiKeyRow, {
      where: { accountId: id },
      order: { createdAt: 'ASC' },
    });
    return toAccountResponse(account, keys);
  }

  /** The secret is in this answer only: it is stored as a hash, and sealed for Checkout's signatures. */
  @Post('accounts/:id/keys')
  @HttpCode(201)
  async createKey(
    @Param('id') accountId: string,
    @Body() body: CreateKeyDto,
  ): Promise<KeySummary & { secret: string }> {
    if (!(await this.dataSource.manager.existsBy(AccountRow, { id: accountId })))
      throw new NotFound();
    const { key, secret } = await this.keys.create(accountId, body.mode);
    return { ...toKeySummary(key), secret };
  }

  /** Revocation takes effect at once on every gateway replica. */
  @Delete('keys/:id')
  async revokeKey(@Param('id') keyId: string): Promise<KeySummary> {
    if (!(await this.keys.revoke(keyId))) throw new NotFound();
    return toKeySummary(await this.dataSource.manager.findOneByOrFail(ApiKeyRow, { id: keyId }));
  }
}
