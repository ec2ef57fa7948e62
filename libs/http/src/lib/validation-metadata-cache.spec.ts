import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
  getMetadataStorage,
  validateSync,
} from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Address {
  @IsString()
  city!: string;
}

class Named {
  @IsString()
  name!: string;
}

class Customer extends Named {
  @IsInt()
  @Min(1)
  age!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => Address)
  address?: Address;
}

function customer(fields: Record<string, unknown>): Customer {
  const made = Object.assign(new Customer(), fields);
  if (fields.address) made.address = Object.assign(new Address(), fields.address);
  return made;
}

/** Each failing field with its failing rules, nested fields dotted. */
function problems(value: object): string[] {
  const flat = (errors: ReturnType<typeof validateSync>, parent = ''): string[] =>
    errors.flatMap((error) => [
      ...Object.keys(error.constraints ?? {}).map((rule) => `${parent}${error.property}:${rule}`),
      ...flat(error.children ?? [], `${parent}${error.property}.`),
    ]);
  return flat(validateSync(value, { whitelist: true, forbidNonWhitelisted: true })).sort();
}

describe('the cache of class-validator rules', () => {
  const cases = [
    { name: 'Asha', age: 30, address: { city: 'Pune' } },
    { name: 7, age: 0 },
    { age: 30, address: { city: 9 } },
    { name: 'Asha', age: 30, extra: true },
  ];

  it('finds the same problems as the library, inherited and nested rules included, again and again', () => {
    const uncached = cases.map((fields) => problems(customer(fields)));
    expect(uncached[1]).toEqual(['age:min', 'name:isString']);
    expect(uncached[2]).toEqual(['address.city:isString', 'name:isString']);
    expect(uncached[3]).toEqual(['extra:whitelistValidation']);
    cacheValidationMetadata();
    cacheValidationMetadata(); // installing twice changes nothing
    for (let round = 0; round < 3; round++)
      expect(cases.map((fields) => problems(customer(fields)))).toEqual(uncached);
  });

  it('looks a class’s rules up once per set of options', () => {
    cacheValidationMetadata();
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Customer, '', false, false);
    expect(storage.getTargetValidationMetadatas(Customer, '', false, false)).toBe(first);
    expect(first.map((rule) => rule.propertyName)).toEqual(
      expect.arrayContaining(['name', 'age', 'address']),
    );
    expect(storage.getTargetValidationMetadatas(Customer, '', true, false)).not.toBe(first);
  });
});
