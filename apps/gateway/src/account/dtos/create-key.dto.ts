import { IsIn } from 'class-validator';

export class CreateKeyDto {
  @IsIn(['test', 'live'], { message: 'The mode must be test or live.' })
  mode!: 'test' | 'live';
}
