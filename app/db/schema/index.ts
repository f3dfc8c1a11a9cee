/**
 * The whole product's data model, for D1 through drizzle, one file per area.
 * Migrations in migrations/ are generated from it (`npm run db:generate`) and reviewed.
 *
 * Conventions: text ids (UUIDs, or client-generated for sections), snake_case columns,
 * millisecond timestamps, JSON columns for the maps and lists the product defines as such.
 */
export * from "./accounts";
export * from "./audit";
export * from "./classes";
export * from "./curriculum";
export * from "./growth";
export * from "./jobs";
export * from "./measurement";
export * from "./sessions";
export * from "./settings";
export * from "./students";
export * from "./tests";
