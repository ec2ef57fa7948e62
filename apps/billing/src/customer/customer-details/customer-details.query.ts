import { readModelQueries, sql } from '@platform/event-store';
import type { SqlRunner, Statement } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { CustomerDetailsRow } from './customer-details.entity';

type Scope = Pick<RequestContext, 'accountId' | 'mode'>;

const identityStatements = new Map<string, Statement>();

/** Another account's or mode's customer is not there, exactly like an unknown id. */
export const { get: getCustomerDetails, list: listCustomerDetails } =
  readModelQueries(CustomerDetailsRow);

/**
 * The customer with this email and contact, a missing value matching a missing value (the identity
 * fail_existing compares). One statement per pattern of missing values, each served by the unique
 * index customers_identity_unique (an IS NOT DISTINCT FROM comparison could not use it).
 */
export async function findCustomerByIdentity(
  db: SqlRunner,
  scope: Scope,
  identity: { email: string | null; contact: string | null },
): Promise<CustomerDetailsRow | null> {
  const emailTest = identity.email === null ? 'email IS NULL' : 'email = $3';
  const contactTest =
    identity.contact === null ? 'contact IS NULL' : `contact = $${identity.email === null ? 3 : 4}`;
  const name = `customers.by-identity.${emailTest}.${contactTest}`;
  let statement = identityStatements.get(name);
  if (!statement) {
    statement = sql(
      name,
      `SELECT ${db.table(CustomerDetailsRow).selectList} FROM customers WHERE account_id = $1 AND mode = $2 AND ${emailTest} AND ${contactTest}`,
    );
    identityStatements.set(name, statement);
  }
  const values = [
    scope.accountId,
    scope.mode,
    ...[identity.email, identity.contact].filter((value) => value !== null),
  ];
  const [row] = await db.query(statement, values);
  return row ? db.table(CustomerDetailsRow).fromDb(row) : null;
}
