import { IsIn, IsOptional } from 'class-validator';

/** POST /resume: `{resume_at: 'now'}` or nothing mean now. */
export class ResumeSubscriptionDto {
  @IsOptional() @IsIn(['now'], { message: 'The resume_at must be now.' }) resume_at?: 'now';
}
