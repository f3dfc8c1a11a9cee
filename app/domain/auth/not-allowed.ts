import type { Target } from "./policy";

/**
 * What a teacher reads inside the admin shell when they open a district admin's page or press a
 * district admin's button: what they cannot do, and who can. Never the student join screen.
 */
export type NotAllowedData = { notAllowed: { title: string; detail: string } };

/** What a refused pair lets a district admin do, in words that finish "only a district admin can …". */
const DISTRICT_ADMINS_DO: Partial<Record<Target, string>> = {
  student: "export or delete a student's data",
  "district-roster": "import a district's OneRoster bundle",
  "testing-windows": "set the district's testing windows",
  "audit-log": "read the audit log",
  "district-settings": "change district settings (data retention, demo data)",
  accounts: "manage accounts and roles",
};

const NOT_ALLOWED_TITLE = "This is for district admins";

export function notAllowedPage(target: Target): NotAllowedData {
  const what = DISTRICT_ADMINS_DO[target] ?? "do this";
  return {
    notAllowed: { title: NOT_ALLOWED_TITLE, detail: `Your account cannot ${what}: only a district admin can. Ask your district admin if it needs doing.` },
  };
}

export function isNotAllowedData(data: unknown): data is NotAllowedData {
  return typeof data === "object" && data !== null && "notAllowed" in data && typeof (data as NotAllowedData).notAllowed?.detail === "string";
}
