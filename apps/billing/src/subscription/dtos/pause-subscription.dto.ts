import { IsIn, IsOptional } from 'class-validator';

/** POST /pause: `{pause_at: 'now'}` or nothing mean now. */
export class PauseSubscriptionDto {
  @IsOptional() @IsIn(['now'], { message: 'The pause_at must be now.' }) pause_at?: 'now';
}
