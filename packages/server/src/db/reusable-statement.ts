import type { Db } from './db.ts';

type WithSession = { session: { client: unknown } };

/**
 * A statement Drizzle's query builder assembles once per process (`build` ends in `.prepare(name)`)
 * and runs on whatever connection is asked: the database or a transaction. Every statement the API
 * runs on each request or each write is made this way (session, team access, week read, staff lock,
 * shift insert, the strict rules' settings and a person's entries). Drizzle's own prepared statements
 * are tied to the connection they were made on, and a transaction is a connection of its own, so a
 * statement run inside one was rebuilt on every call: about 0.2 ms of the 1.5 ms of CPU a shift
 * create costs (bench/shift-create-load). Here the statement is built once, with placeholders, and
 * each run puts the caller's connection in its place; its SQL never changes, so the name lets
 * PostgreSQL parse and plan it once per connection too.
 *
 * This leans on two things Drizzle does not document, both read from drizzle-orm 0.45 (node-postgres
 * and PGlite alike): a database or transaction's `session.client` is its driver connection, and a
 * prepared query runs on its `client`. The integration tests on both engines run every statement made
 * this way, on the database and inside transactions, and would fail if either changed.
 */
export function reusableStatement<Prepared extends object>(build: (db: Db) => Prepared) {
  // One per engine: a transaction's session is of its database's session class.
  const built = new Map<object, Prepared>();
  return (db: Db): Prepared => {
    const session = (db as unknown as WithSession).session;
    const engine = Object.getPrototypeOf(session) as object;
    let statement = built.get(engine);
    if (!statement) {
      statement = build(db);
      built.set(engine, statement);
    }
    // The statement as built, but on this connection.
    const onConnection = Object.create(statement) as Prepared & { client: unknown };
    onConnection.client = session.client;
    return onConnection;
  };
}
