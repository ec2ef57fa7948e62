import { plainToInstance, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, ValidateNested, validateSync } from 'class-validator';
import type { CustomerCreatedEvent } from './customer-created.event';
import type { CustomerUpdatedEvent } from './customer-updated.event';

class CustomerPayload {
  @IsString() id!: string;
  @IsIn(['customer']) entity!: 'customer';
  @IsOptional() @IsString() name!: string | null;
  @IsOptional() @IsString() email!: string | null;
  @IsOptional() @IsString() contact!: string | null;
  @IsOptional() @IsString() gstin!: string | null;
  @IsObject() notes!: Record<string, string | number>;
  @IsInt() created_at!: number;
}

class CustomerEventData {
  @ValidateNested() @Type(() => CustomerPayload) customer!: CustomerPayload;
  @IsOptional() @IsArray() @IsString({ each: true }) changed?: string[];
}

/** Validates the `data` of a customer event a consumer received; returns the reason or null. */
export function customerEventProblem(event: CustomerCreatedEvent | CustomerUpdatedEvent): string | null {
  const errors = validateSync(plainToInstance(CustomerEventData, event.data));
  return errors.length === 0 ? null : `customer event data: ${errors.map((e) => e.toString()).join('; ')}`;
}
