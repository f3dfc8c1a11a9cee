import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

/** One client per binding: drizzle builds its relational map of the schema on each call (about 0.1 ms), and a binding outlives its requests. */
const databases = new WeakMap<D1Database, Database>();

export function createDatabase(d1: D1Database): Database {
  let database = databases.get(d1);
  if (!database) {
    database = drizzle(d1, { schema });
    databases.set(d1, database);
  }
  return database;
}
