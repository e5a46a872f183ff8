import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/**
 * One type for both engines (and for a transaction, which is a PgDatabase too). It has a file of its
 * own so that everything that only needs the type (repositories, the read memo) imports it without
 * importing the code that opens a database, which imports them back.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
