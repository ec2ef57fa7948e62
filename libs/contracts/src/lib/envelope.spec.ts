import { envelopeProblem } from './envelope';

const envelope = {
  id: 'evt_1',
  type: 'customer.created',
  schema_version: 1,
  account_id: 'acc_1',
  mode: 'test',
  stream_id: 'cust_1',
  stream_version: 1,
  occurred_at: 1_763_900_000,
  correlation_id: null,
  causation_id: 'req_1',
  data: {},
};

describe('envelopeProblem', () => {
  it('accepts a whole envelope, with or without correlation and causation ids', () => {
    expect(envelopeProblem(envelope)).toBeNull();
    expect(
      envelopeProblem({ ...envelope, correlation_id: 'req_1', causation_id: null }),
    ).toBeNull();
  });

  it.each([
    ['a string', 'customer.created', 'the message is not a JSON object'],
    ['null', null, 'the message is not a JSON object'],
    ['no id', { ...envelope, id: undefined }, 'envelope field id is undefined, expected string'],
    [
      'a textual version',
      { ...envelope, stream_version: '1' },
      'envelope field stream_version is string, expected number',
    ],
    [
      'a numeric causation id',
      { ...envelope, causation_id: 7 },
      'envelope field causation_id is number, expected string|null',
    ],
    ['null data', { ...envelope, data: null }, 'envelope field data is null, expected object'],
    ['another mode', { ...envelope, mode: 'staging' }, 'envelope mode is staging'],
  ])('refuses %s', (_, value, problem) => {
    expect(envelopeProblem(value)).toBe(problem);
  });
});
