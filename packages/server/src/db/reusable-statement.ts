import type { Db } from './client.ts';

/** What Drizzle's `.prepare(name)` returns, as far as it is used here. */
type Prepared<Result> = { execute(values?: Record<string, unknown>): Promise<Result> };
type WithSession = { session: { client: unknown } };

/**
 * A statement Drizzle's query builder assembles once per process and runs on whatever connection is
 * asked: the database or a transaction. Drizzle's own prepared statements are tied to the connection
 * they were made on, and a transaction is a connection of its own, so a statement run inside one
 * was rebuilt on every call: about 0.2 ms of the 1.5 ms of CPU a shift create costs
 * (bench/shift-create-load). The statement is built once with placeholders and run with the
 * caller's connection put in its place; its SQL never changes, so the name lets PostgreSQL parse and
 * plan it once per connection too.
 *
 * This leans on two things Drizzle does not document, both read from drizzle-orm 0.45 (node-postgres
 * and PGlite alike): a database or transaction's `session.client` is its driver connection, and a
 * prepared query runs on its `client`. The shift tests on both engines run every statement made this
 * way, inside transactions, and would fail if either changed.
 */
export function reusableStatement<Result>(build: (db: Db) => Prepared<Result>) {
  // One per engine: a transaction's session is of its database's session class.
  const built = new Map<object, Prepared<Result>>();
  return (db: Db): Prepared<Result> => {
    const session = (db as unknown as WithSession).session;
    const engine = Object.getPrototypeOf(session) as object;
    let statement = built.get(engine);
    if (!statement) {
      statement = build(db);
      built.set(engine, statement);
    }
    // The statement as built, but on this connection.
    const onConnection = Object.create(statement) as Prepared<Result> & { client: unknown };
    onConnection.client = session.client;
    return onConnection;
  };
}
