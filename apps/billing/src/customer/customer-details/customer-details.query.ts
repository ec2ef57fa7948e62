import { sql } from '@platform/event-store';
import type { SqlRunner, Statement } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { CustomerDetailsRow } from './customer-details.entity';

type Scope = Pick<RequestContext, 'accountId' | 'mode'>;

export interface CustomerPage {
  from?: number;
  to?: number;
  count: number;
  skip: number;
}

let statements: { byId: Statement; page: Statement } | null = null;
const identityStatements = new Map<string, Statement>();

function statementsFor(db: SqlRunner): NonNullable<typeof statements> {
  const { selectList } = db.table(CustomerDetailsRow);
  return (statements ??= {
    // By primary key only, the tenant checked on the row: with the tenant columns in the WHERE clause
    // the planner may pick the list index (account_id, mode, …) and scan an account's customers.
    byId: sql('customers.by-id', `SELECT ${selectList} FROM customers WHERE id = $1`),
    // Newest first; customers created in the same second keep their creation order (to the millisecond, then by id).
    page: sql(
      'customers.page',
      `SELECT ${selectList} FROM customers
        WHERE account_id = $1 AND mode = $2 AND ($3::bigint IS NULL OR created_at >= $3) AND ($4::bigint IS NULL OR created_at <= $4)
        ORDER BY created_at DESC, created_ms DESC, id DESC LIMIT $5 OFFSET $6`,
    ),
  });
}

/** Another account's or mode's customer is not there, exactly like an unknown id. */
export async function getCustomerDetails(
  db: SqlRunner,
  scope: Scope,
  id: string,
): Promise<CustomerDetailsRow | null> {
  const [row] = await db.query(statementsFor(db).byId, [id]);
  const customer = row ? db.table(CustomerDetailsRow).fromDb(row) : null;
  return customer && customer.accountId === scope.accountId && customer.mode === scope.mode
    ? customer
    : null;
}

export async function listCustomerDetails(
  db: SqlRunner,
  scope: Scope,
  page: CustomerPage,
): Promise<CustomerDetailsRow[]> {
  const rows = await db.query(statementsFor(db).page, [
    scope.accountId,
    scope.mode,
    page.from ?? null,
    page.to ?? null,
    page.count,
    page.skip,
  ]);
  const table = db.table(CustomerDetailsRow);
  return rows.map((row) => table.fromDb(row));
}

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
