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
  /**
   * What these documents are ("The others.type may not be greater than 100 characters.").
   *
   * @example "photo"
   */
  @IsString({ message: 'The others.type must be a string.' })
  @MaxLength(100, { message: 'The others.type may not be greater than 100 characters.' })
  type!: string;

  /** "The others.document_ids must be an array of document ids." */
  @IsArray({ message: 'The others.document_ids must be an array of document ids.' })
  @IsString({ each: true, message: 'The others.document_ids must be an array of document ids.' })
  document_ids!: string[];
}

/**
 * Any part of the evidence, and whether to save it as a draft or submit it. Each field sent
 * replaces what was saved for it (null clears it); fields not sent stay as they were, so drafts
 * keep adding to the evidence. Every document must be one of the account's, in the key's mode,
 * uploaded with POST /v1/documents ("The document <id> does not exist.", naming the category).
 * Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be
 * sent").
 *
 * @example {
 *   "summary": "Delivered on 2 May, signed for.",
 *   "shipping_proof": [
 *     "doc_1Aa00000000001"
 *   ],
 *   "action": "draft"
 * }
 *
 * @example {
 *   "customer_communication": [
 *     "doc_1Aa00000000002"
 *   ],
 *   "others": [
 *     {
 *       "type": "photo",
 *       "document_ids": [
 *         "doc_1Aa00000000003"
 *       ]
 *     }
 *   ],
 *   "action": "submit"
 * }
 */
export class ContestDisputeDto {
  /**
   * The amount contested; on submission it defaults to the disputed amount, and may not be more
   * ("The amount may not be greater than the disputed amount (<amount>).").
   */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  /**
   * Your explanation ("The summary may not be greater than 1000 characters.").
   *
   * @example "Delivered on 2 May, signed for."
   */
  @IsOptional()
  @IsString({ message: 'The summary must be a string.' })
  @MaxLength(1000, { message: 'The summary may not be greater than 1000 characters.' })
  summary?: string;

  /**
   * Document ids ("The shipping_proof must be an array of document ids.", "The shipping_proof may
   * list at most 50 documents.").
   */
  @Documents('shipping_proof') shipping_proof?: string[];
  /**
   * Document ids ("The billing_proof must be an array of document ids.", "The billing_proof may
   * list at most 50 documents.").
   */
  @Documents('billing_proof') billing_proof?: string[];
  /**
   * Document ids ("The cancellation_proof must be an array of document ids.", "The
   * cancellation_proof may list at most 50 documents.").
   */
  @Documents('cancellation_proof') cancellation_proof?: string[];
  /**
   * Document ids ("The customer_communication must be an array of document ids.", "The
   * customer_communication may list at most 50 documents.").
   */
  @Documents('customer_communication') customer_communication?: string[];
  /**
   * Document ids ("The proof_of_service must be an array of document ids.", "The proof_of_service
   * may list at most 50 documents.").
   */
  @Documents('proof_of_service') proof_of_service?: string[];
  /**
   * Document ids ("The explanation_letter must be an array of document ids.", "The
   * explanation_letter may list at most 50 documents.").
   */
  @Documents('explanation_letter') explanation_letter?: string[];
  /**
   * Document ids ("The refund_confirmation must be an array of document ids.", "The
   * refund_confirmation may list at most 50 documents.").
   */
  @Documents('refund_confirmation') refund_confirmation?: string[];
  /**
   * Document ids ("The access_activity_log must be an array of document ids.", "The
   * access_activity_log may list at most 50 documents.").
   */
  @Documents('access_activity_log') access_activity_log?: string[];
  /**
   * Document ids ("The refund_cancellation_policy must be an array of document ids.", "The
   * refund_cancellation_policy may list at most 50 documents.").
   */
  @Documents('refund_cancellation_policy') refund_cancellation_policy?: string[];
  /**
   * Document ids ("The term_and_conditions must be an array of document ids.", "The
   * term_and_conditions may list at most 50 documents.").
   */
  @Documents('term_and_conditions') term_and_conditions?: string[];

  /** Documents of other kinds ("The others must be an array of {type, document_ids}."). */
  @IsOptional()
  @IsArray({ message: 'The others must be an array of {type, document_ids}.' })
  @ValidateNested({ each: true })
  @Type(() => OtherEvidenceDto)
  others?: OtherEvidenceDto[];

  /**
   * `draft`: save the evidence, the dispute stays `open`. `submit`: send it to the bank (the
   * dispute goes `under_review`, or `closed` in the `fraud` and `retrieval` phases); it needs a
   * summary or at least one document, saved or sent ("A submission needs a summary or at least one
   * document."). "The action must be draft or submit."
   *
   * @defaultValue "draft"
   */
  @IsOptional()
  @IsIn(['draft', 'submit'], { message: 'The action must be draft or submit.' })
  action?: 'draft' | 'submit';
}
