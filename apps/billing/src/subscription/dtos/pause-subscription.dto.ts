import { IsIn, IsOptional } from 'class-validator';

/** No body or `{pause_at: "now"}`: paused now. */
// POST /pause: `{pause_at: 'now'}` or nothing mean now.
export class PauseSubscriptionDto {
  /** "The pause_at must be now." */
  @IsOptional() @IsIn(['now'], { message: 'The pause_at must be now.' }) pause_at?: 'now';
}
