import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ValidationFailed } from '@platform/domain-kit';
import { ApiValidationPipe, UnknownFieldsRefusedWith } from './api-validation.pipe';
import { IsNotes } from './notes';
import { ListQuery } from './list-query.dto';

class CreateThing {
  @IsOptional()
  @IsString({ message: 'The name must be a string.' })
  @MaxLength(5, { message: 'The name may not be greater than 5 characters.' })
  name?: string;

  @IsOptional()
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  email?: string;

  @IsOptional()
  @IsNotes()
  notes?: Record<string, string>;
}

class Size {
  @IsOptional() @IsString({ message: 'The unit must be a string.' }) unit?: string;
}

@UnknownFieldsRefusedWith('wrong input fields sent.')
class CreateParcel {
  @IsOptional() @IsString({ message: 'The label must be a string.' }) label?: string;

  @IsOptional() @ValidateNested() @Type(() => Size) size?: Size;
}

const pipe = new ApiValidationPipe();
const body = (value: unknown) => pipe.transform(value, { type: 'body', metatype: CreateThing });
const query = (value: unknown) =>
  pipe.transform(value, { type: 'query', metatype: ListQuery }) as Promise<ListQuery>;

async function failure(promise: unknown): Promise<{ description: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return {
      description: (error as ValidationFailed).description,
      field: (error as ValidationFailed).field,
    };
  }
  throw new Error('expected a validation failure');
}

describe('ApiValidationPipe', () => {
  it('refuses an unknown body field, naming it', async () => {
    expect(await failure(body({ name: 'ok', colour: 'red' }))).toEqual({
      field: 'colour',
      description: 'colour is/are not required and should not be sent',
    });
  });

  it('refuses unknown fields with the message their DTO gives, naming the field, nested ones too', async () => {
    const parcel = (value: unknown) =>
      pipe.transform(value, { type: 'body', metatype: CreateParcel });
    expect(await failure(parcel({ label: 'ok', colour: 'red' }))).toEqual({
      field: 'colour',
      description: 'wrong input fields sent.',
    });
    expect(await failure(parcel({ size: { unit: 'cm', depth: 3 } }))).toEqual({
      field: 'size.depth',
      description: 'wrong input fields sent.',
    });
    expect(await failure(parcel({ label: 7 }))).toEqual({
      field: 'label',
      description: 'The label must be a string.',
    });
    expect(await parcel({ label: 'ok' })).toEqual({ label: 'ok' });
  });

  it('names the field of an ill-typed value with its message', async () => {
    expect(await failure(body({ name: 42 }))).toEqual({
      field: 'name',
      description: 'The name must be a string.',
    });
    expect(await failure(body({ email: 'nope' }))).toEqual({
      field: 'email',
      description: 'The email must be a valid email address.',
    });
  });

  it('passes path parameters and custom-decorator values through as they came, and still converts a numeric parameter', async () => {
    const caller = { accountId: 'acc_1', mode: 'test' };
    expect(pipe.transform('cust_1', { type: 'param', metatype: String, data: 'id' })).toBe(
      'cust_1',
    );
    expect(pipe.transform(caller, { type: 'custom', metatype: Object })).toBe(caller);
    expect(await pipe.transform('42', { type: 'param', metatype: Number, data: 'n' })).toBe(42);
  });

  it('accepts an empty body as an empty object', async () => {
    await expect(body(undefined)).resolves.toBeInstanceOf(CreateThing);
    await expect(body('')).resolves.toBeInstanceOf(CreateThing);
  });

  it('refuses 16 notes and a 257-character note value', async () => {
    const sixteen = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    expect(await failure(body({ notes: sixteen }))).toEqual({
      field: 'notes',
      description: 'notes can have at most 15 key-value pairs.',
    });
    expect(await failure(body({ notes: { k: 'x'.repeat(257) } }))).toEqual({
      field: 'notes',
      description: 'notes.k can be at most 256 characters.',
    });
  });

  it('defaults count and skip, and parses numbers from the query string', async () => {
    expect(await query({})).toMatchObject({ count: 10, skip: 0 });
    expect(
      await query({ count: '25', skip: '5', from: '1704067200.5', to: '1704067300' }),
    ).toMatchObject({ count: 25, skip: 5, from: 1704067200, to: 1704067300 });
  });

  it.each([
    [{ count: '101' }, 'count', 'The count may not be greater than 100.'],
    [{ count: '0' }, 'count', 'The count must be at least 1.'],
    [{ count: 'ten' }, 'count', 'The count must be an integer.'],
    [{ skip: '-1' }, 'skip', 'The skip must be at least 0.'],
    [{ from: '200', to: '100' }, 'to', 'The to must be greater than or equal to from.'],
  ])('refuses the query %j naming %s', async (values, field, description) => {
    expect(await failure(query(values))).toEqual({ field, description });
  });

  it('ignores query keys it does not know, as the SDK passes filters through', async () => {
    expect(await query({ status: '', 'expand[]': 'card' })).toMatchObject({ count: 10 });
  });
});
