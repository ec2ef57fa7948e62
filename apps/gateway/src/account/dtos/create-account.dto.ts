import { IsString, Length } from 'class-validator';

export class CreateAccountDto {
  @IsString({ message: 'The name must be a string.' })
  @Length(1, 100, { message: 'The name must be between 1 and 100 characters.' })
  name!: string;
}
