import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { id, timestamps } from "./columns";

// Competencies, modules, prerequisites, curriculums

export const modules = sqliteTable(
  "modules",
  {
    id: id(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("modules_name_unique").on(t.name)],
);

export const competencies = sqliteTable(
  "competencies",
  {
    id: id(),
    description: text("description").notNull(),
    moduleId: text("module_id").references(() => modules.id, { onDelete: "set null" }),
    gradeLevel: text("grade_level"),
    subject: text("subject"),
    ...timestamps,
  },
  (t) => [index("competencies_module_idx").on(t.moduleId)],
);

export const prerequisites = sqliteTable(
  "prerequisites",
  {
    id: id(),
    competencyId: text("competency_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    prerequisiteId: text("prerequisite_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("prerequisites_pair_unique").on(t.competencyId, t.prerequisiteId),
    index("prerequisites_prerequisite_idx").on(t.prerequisiteId),
    check("prerequisites_not_self", sql`${t.competencyId} <> ${t.prerequisiteId}`),
  ],
);

export const curriculums = sqliteTable("curriculums", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  gradeLevel: text("grade_level"),
  subject: text("subject"),
  ...timestamps,
});

export const curriculumCompetencies = sqliteTable(
  "curriculum_competencies",
  {
    curriculumId: text("curriculum_id")
      .notNull()
      .references(() => curriculums.id, { onDelete: "cascade" }),
    competencyId: text("competency_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.curriculumId, t.competencyId] }), index("curriculum_competencies_competency_idx").on(t.competencyId)],
);
