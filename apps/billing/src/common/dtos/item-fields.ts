import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export const ItemName = (optional = false) =>
  applyDecorators(
    ...(optional ? [IsOptional()] : []),
    MaxLength(255, { message: 'The name may not be greater than 255 characters.' }),
    MinLength(1, { message: 'The name may not be empty.' }),
    IsString({ message: 'The name must be a string.' }),
  );

export const ItemDescription = () =>
  applyDecorators(
    IsOptional(),
    MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' }),
    IsString({ message: 'The description must be a string.' }),
  );
