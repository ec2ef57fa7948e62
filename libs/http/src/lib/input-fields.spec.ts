import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsBoolean, validateSync } from 'class-validator';
import { IsUnixTime, MAX_UNIX_TIME, MayBeOmitted } from './input-fields';
import { IsAmount } from './money-fields';

class Sample {
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;
  @MayBeOmitted() @IsBoolean() flag?: boolean;
}

const failures = (plain: object) =>
  validateSync(plainToInstance(Sample, plain)).map((error) => error.property);

describe('input fields', () => {
  it.each([1e17, 1e308, 2 ** 53 + 1, MAX_UNIX_TIME + 1, 0, 1.5])(
    'refuses a Unix time of %d',
    (start_at) => {
      expect(failures({ start_at })).toEqual(['start_at']);
    },
  );

  it('takes a Unix time up to the last second of year 9999', () => {
    expect(failures({ start_at: MAX_UNIX_TIME })).toEqual([]);
    expect(failures({ start_at: 1_704_067_200 })).toEqual([]);
  });

  it('tells a null amount from a missing one', () => {
    expect(failures({})).toEqual([]);
    expect(failures({ amount: null })).toEqual(['amount']);
    expect(failures({ amount: 1e308 })).toEqual(['amount']);
  });

  it('lets a MayBeOmitted field be left out but checks a null like any value', () => {
    expect(failures({ flag: undefined })).toEqual([]);
    expect(failures({ flag: false })).toEqual([]);
    expect(failures({ flag: null })).toEqual(['flag']);
  });
});
