import { sqliteTable, text } from "drizzle-orm/sqlite-core";

import { timestamps } from "./columns";

/** District-wide settings a district admin chooses in the product (ADR 0030), one row a key, the value as JSON. */
export const districtSettings = sqliteTable("district_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>(),
  updatedBy: text("updated_by"),
  ...timestamps,
});
