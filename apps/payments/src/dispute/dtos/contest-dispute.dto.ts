import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsAmount } from '@platform/http';

/** The type check last: of several failing constraints, the pipe reports the one applied last. */
const documents = (category: string) => [
  IsOptional(),
  ArrayMaxSize(50, { message: `The ${category} may list at most 50 documents.` }),
  IsString({ each: true, message: `The ${category} must be an array of document ids.` }),
  IsArray({ message: `The ${category} must be an array of document ids.` }),
];
const Documents =
  (category: string): PropertyDecorator =>
  (target, key) =>
    documents(category).forEach((decorator) => decorator(target, key));

export class OtherEvidenceDto {
  @IsString({ message: 'The others.type must be a string.' })
  @MaxLength(100, { message: 'The others.type may not be greater than 100 characters.' })
  type!: string;

  @IsArray({ message: 'The others.document_ids must be an array of document ids.' })
  @IsString({ each: true, message: 'The others.document_ids must be an array of document ids.' })
  document_ids!: string[];
}

/** PATCH /v1/disputes/:id/contest: any part of the evidence, and whether to save it (draft) or submit it. */
export class ContestDisputeDto {
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  @IsOptional()
  @IsString({ message: 'The summary must be a string.' })
  @MaxLength(1000, { message: 'The summary may not be greater than 1000 characters.' })
  summary?: string;

  @Documents('shipping_proof') shipping_proof?: string[];
  @Documents('billing_proof') billing_proof?: string[];
  @Documents('cancellation_proof') cancellation_proof?: string[];
  @Documents('customer_communication') customer_communication?: string[];
  @Documents('proof_of_service') proof_of_service?: string[];
  @Documents('explanation_letter') explanation_letter?: string[];
  @Documents('refund_confirmation') refund_confirmation?: string[];
  @Documents('access_activity_log') access_activity_log?: string[];
  @Documents('refund_cancellation_policy') refund_cancellation_policy?: string[];
  @Documents('term_and_conditions') term_and_conditions?: string[];

  @IsOptional()
  @IsArray({ message: 'The others must be an array of {type, document_ids}.' })
  @ValidateNested({ each: true })
  @Type(() => OtherEvidenceDto)
  others?: OtherEvidenceDto[];

  @IsOptional()
  @IsIn(['draft', 'submit'], { message: 'The action must be draft or submit.' })
  action?: 'draft' | 'submit';
}
