import { IsBoolean, IsOptional } from 'class-validator';
import { ListQuery, ToFlag } from '@platform/http';

export class ItemListQuery extends ListQuery {
  /** 1: active items only; 0: inactive ones only. */
  // 1: active items only; 0: inactive ones only (the SDK drops this filter; other clients send it).
  @IsOptional() @ToFlag() @IsBoolean({ message: 'The active must be 1 or 0.' }) active?: boolean;
}
