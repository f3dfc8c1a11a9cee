import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { strToU8, zipSync } from "fflate";

import type { CookieJar } from "./cookie-jar";
import type { TestWorker } from "./worker";

// From the module's own URL, so scripts run by tsx (ES modules, no __dirname) can use it too.
const fixtures = fileURLToPath(new URL("../fixtures/oneroster", import.meta.url));

/**
 * A OneRoster bundle from tests/fixtures/oneroster/<folder> as the zip a district exports, in a
 * folder as some systems write it; `change` edits or adds files by name first (null leaves one out).
 */
export function oneRosterZip(
  folder: "v1.1" | "v1.2" | "delta" | "moodle-1.2" | "moodle-1.1-minimal" | "platform-1.1",
  change: Record<string, string | null> = {},
): Uint8Array {
  const directory = join(fixtures, folder);
  const files: Record<string, string> = Object.fromEntries(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name), "utf8")]));
  for (const [name, text] of Object.entries(change)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [`roster-export/${name}`, strToU8(text)])));
}

/** POST /api/roster/oneroster with the zip in the form field `file` (and any other `fields`), as a signed-in client (or nobody). */
export async function uploadOneRoster(...upload: Parameters<typeof postOneRoster>) {
  const response = await postOneRoster(...upload);
  return { status: response.status, data: await response.json<Record<string, unknown>>() };
}

/** The same upload, its response as it came (a CSV answer, its headers). */
export async function postOneRoster(
  worker: TestWorker,
  jar: CookieJar | undefined,
  zip: Uint8Array | string | null,
  query = "",
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (zip !== null) form.set("file", new Blob([typeof zip === "string" ? zip : new Uint8Array(zip)]), "roster.zip");
  // Encoded here: the Worker's dispatch would not add the multipart boundary to a FormData body.
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return worker.request(`/api/roster/oneroster${query}`, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "Content-Type": encoded.headers.get("Content-Type")!, ...headers },
    jar,
  });
}

/**
 * A district's OneRoster 1.2 bulk export, made up, shaped as a real SIS writes one (the columns
 * of tests/fixtures/oneroster/v1.2, orgs, terms and roles beside users, classes and enrollments):
 * `students` students in grades 6 to 8, each in `classesPerStudent` classes of about
 * `classSize`, each class with its teacher. `prefix` keeps the ids of two bundles apart. Returns
 * the files by name; `syntheticOneRosterZip` zips them.
 */
export function syntheticOneRoster(options: { students: number; classesPerStudent?: number; classSize?: number; prefix?: string }): Record<string, string> {
  const { students, classesPerStudent = 6, classSize = 28, prefix = "syn" } = options;
  const stamp = "2026-08-01T10:00:00.000Z";
  const classCount = Math.max(classesPerStudent, Math.ceil((students * classesPerStudent) / classSize));
  const teacherCount = Math.max(1, Math.ceil(classCount / 5));
  const users = [
    "sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,preferredFirstName,preferredMiddleName,preferredLastName,pronouns,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds",
  ];
  const roles = ["sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId"];
  const classes = [
    "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods",
  ];
  const enrollments = ["sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate"];
  const subjects = ["Math", "Science", "English", "History", "Art", "Music", "Spanish", "PE"];
  for (let index = 0; index < teacherCount; index++) {
    const id = `${prefix}-t${index}`;
    users.push(`${id},active,${stamp},true,${id},,Teacher${index},Staff,,,,,,T-${prefix}-${index},${id}@district.example,,,,,,,`);
    roles.push(`role-${id},active,${stamp},${id},primary,teacher,,,org-1,`);
  }
  for (let index = 0; index < classCount; index++) {
    const subject = subjects[index % subjects.length]!;
    const grade = String(6 + (index % 3)).padStart(2, "0");
    classes.push(
      `${prefix}-c${index},active,${stamp},${subject} ${grade} - Section ${index},${grade},course-${subject},${subject[0]}${index},scheduled,Room ${index % 40},org-1,term-1,${subject},,${(index % 7) + 1}`,
    );
    enrollments.push(`${prefix}-e-t${index},active,${stamp},${prefix}-c${index},org-1,${prefix}-t${index % teacherCount},teacher,true,,`);
  }
  for (let index = 0; index < students; index++) {
    const id = `${prefix}-s${index}`;
    const grade = String(6 + (index % 3)).padStart(2, "0");
    const districtId = `${prefix.toUpperCase()}-${String(index).padStart(6, "0")}`;
    users.push(`${id},active,${stamp},true,${id},,Given${index},Family${index},,,,,,${districtId},${id}@students.district.example,,,,${grade},,,`);
    roles.push(`role-${id},active,${stamp},${id},primary,student,,,org-1,`);
    for (let taken = 0; taken < classesPerStudent; taken++) {
      const schoolClass = (index * classesPerStudent + taken) % classCount;
      enrollments.push(`${prefix}-e-s${index}-${taken},active,${stamp},${prefix}-c${schoolClass},org-1,${id},student,false,,`);
    }
  }
  const manifest = [
    "propertyName,value",
    "manifest.version,1.0",
    "oneroster.version,1.2",
    "file.academicSessions,bulk",
    "file.classes,bulk",
    "file.enrollments,bulk",
  ];
  manifest.push("file.orgs,bulk", "file.users,bulk", "file.roles,bulk", "file.courses,absent", "file.demographics,absent", "source.systemName,Synthetic SIS");
  return {
    "manifest.csv": manifest.join("\n"),
    "orgs.csv": "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\norg-1,,,Synthetic Middle School,school,SMS,",
    "academicSessions.csv":
      "sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\nterm-1,,,Fall 2026,term,2026-08-20,2026-12-18,,2027",
    "users.csv": users.join("\n"),
    "roles.csv": roles.join("\n"),
    "classes.csv": classes.join("\n"),
    "enrollments.csv": enrollments.join("\n"),
  };
}

export function syntheticOneRosterZip(options: Parameters<typeof syntheticOneRoster>[0]): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(syntheticOneRoster(options)).map(([name, text]) => [`export/${name}`, strToU8(text)])));
}
