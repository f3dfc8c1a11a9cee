/**
 * Column helpers every table of the data model shares: text ids, millisecond
 * timestamps, booleans.
 */
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

export const nowMs = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** createdAt and updatedAt, on every table. */
export const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowMs)
    .$onUpdate(() => new Date()),
};

export const bool = (name: string) => integer(name, { mode: "boolean" });
