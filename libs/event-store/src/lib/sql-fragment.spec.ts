import { composeWith } from './sql-fragment';

const insert = (values: unknown[]) => ({
  text: `INSERT INTO t (a) SELECT unnest(ARRAY[${values.map((_, i) => `$${i + 1}`).join(', ')}]) RETURNING a`,
  values,
});
const upsert = (id: string, name: string) => ({
  text: 'INSERT INTO u (id, name) VALUES ($1, $2) RETURNING 1',
  values: [id, name],
});

describe('composeWith', () => {
  it('puts each fragment in its CTE and renumbers placeholders after the first, values in order', () => {
    const { statement, values } = composeWith(
      [
        { name: 'first', fragment: upsert('u1', 'Asha') },
        { name: 'second', fragment: upsert('u2', 'Ravi') },
      ],
      'SELECT 1',
    );
    expect(statement.text).toBe(
      'WITH first AS (INSERT INTO u (id, name) VALUES ($1, $2) RETURNING 1), second AS (INSERT INTO u (id, name) VALUES ($3, $4) RETURNING 1) SELECT 1',
    );
    expect(values).toEqual(['u1', 'Asha', 'u2', 'Ravi']);
  });

  it('gives one named statement per shape, whatever the values', () => {
    const a = composeWith(
      [
        { name: 'x', fragment: upsert('u1', 'Asha') },
        { name: 'y', fragment: insert([1, 2]) },
      ],
      'SELECT 1',
    );
    const b = composeWith(
      [
        { name: 'x', fragment: upsert('u9', 'Ravi') },
        { name: 'y', fragment: insert([3, 4]) },
      ],
      'SELECT 1',
    );
    expect(b.statement).toBe(a.statement);
    expect(b.values).toEqual(['u9', 'Ravi', 3, 4]);
  });

  it('tells shapes apart by value count, names and final clause', () => {
    const base = composeWith(
      [
        { name: 'x', fragment: insert([1, 2]) },
        { name: 'y', fragment: upsert('u1', 'Asha') },
      ],
      'SELECT 1',
    );
    const moreValues = composeWith(
      [
        { name: 'x', fragment: insert([1, 2, 3]) },
        { name: 'y', fragment: upsert('u1', 'Asha') },
      ],
      'SELECT 1',
    );
    const otherName = composeWith(
      [
        { name: 'z', fragment: insert([1, 2]) },
        { name: 'y', fragment: upsert('u1', 'Asha') },
      ],
      'SELECT 1',
    );
    const otherFinal = composeWith(
      [
        { name: 'x', fragment: insert([1, 2]) },
        { name: 'y', fragment: upsert('u1', 'Asha') },
      ],
      'SELECT 2',
    );
    expect(
      new Set([base, moreValues, otherName, otherFinal].map((c) => c.statement.name)).size,
    ).toBe(4);
    expect(moreValues.statement.text).toContain('VALUES ($4, $5)');
    expect(base.statement.text).toContain('VALUES ($3, $4)');
  });
});
