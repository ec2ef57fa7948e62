import { IsIn, IsOptional } from 'class-validator';

/** No body or `{resume_at: "now"}`: resumed now. */
// POST /resume: `{resume_at: 'now'}` or nothing mean now.
export class ResumeSubscriptionDto {
  /** "The resume_at must be now." */
  @IsOptional() @IsIn(['now'], { message: 'The resume_at must be now.' }) resume_at?: 'now';
}
