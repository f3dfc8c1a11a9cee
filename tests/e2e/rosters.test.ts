import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, watchForPageErrors } from "../support/browser";
import { type BrowserSession, browserSession } from "../support/browser-session";
import { oneRosterZip, syntheticOneRosterZip } from "../support/oneroster";
import { demoAccounts } from "../support/worker";

/**
 * Students as people, end to end: a district admin imports the district's OneRoster bundle and
 * prints a class's badges; a student joins the rostered class with their PIN and starts the
 * test; another browser cannot join as them; the teacher finds the student by name and sees
 * their history, downloads their data and deletes them; the next import leaves them out.
 */
const session = browserSession({ signInAs: demoAccounts.admin });
const toast = (text: string) => session.page.getByTestId("toast").filter({ hasText: text }).waitFor();

/** Opens Students' import dialog and previews a OneRoster bundle of `version`; returns the dialog, nothing saved yet. */
async function previewBundle(version: "v1.1" | "v1.2", files?: Parameters<typeof oneRosterZip>[1]) {
  return previewZip(session.page, oneRosterZip(version, files));
}

/** Opens Students' import dialog on `page` and previews the zip; returns the dialog, nothing saved yet. */
async function previewZip(page: BrowserSession["page"], zip: Uint8Array) {
  const bundle = join(tmpdir(), `oneroster-${crypto.randomUUID()}.zip`);
  writeFileSync(bundle, zip);
  await page.goto("/admin/students");
  await page.getByRole("button", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Students" });
  await dialog.getByRole("tab", { name: "OneRoster bundle" }).click();
  await dialog.getByLabel("OneRoster zip").setInputFiles(bundle);
  await dialog.getByRole("button", { name: "Preview" }).click();
  await dialog.getByTestId("import-summary").getByText("Nothing is saved yet").waitFor();
  return dialog;
}

describe("rosters, badges and a student's data", () => {
  it("imports a bundle, prints badges, admits only the student with their PIN, and answers a family's request", async () => {
    const { page } = session;

    // The import: previewed, with the refused rows, then applied.
    const dialog = await previewBundle("v1.2");
    await dialog.getByText("enrollments.csv line 9:").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "roster-import-preview");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast("Roster imported");
    await page.getByTestId("student-row").filter({ hasText: "Okafor, Ada" }).waitFor();

    // The bundle's teacher has an account with the teacher role.
    await page.getByRole("link", { name: "Accounts & Roles" }).click();
    const teacherRow = page.getByTestId("account-row").filter({ hasText: "mrivera@riverside.example" });
    expect(await teacherRow.getByLabel("Role of mrivera@riverside.example").inputValue()).toBe("teacher");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "accounts-and-roles");

    // The class gets a default test; its badges carry each student's PIN.
    await page.goto("/admin/cohorts");
    const card = page.getByTestId("cohort-card").filter({ hasText: "Math 7 - Period 2" });
    const joinCode = await card.getByTestId("cohort-join-code").innerText();
    await card.getByRole("button", { name: "Edit Math 7 - Period 2" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Class" });
    expect(await edit.getByLabel("Who can join").inputValue()).toBe("rostered");
    await edit.getByLabel("Default test").selectOption({ index: 1 });
    await edit.getByRole("button", { name: "Save Class" }).click();
    await toast("Cohort updated");
    await card.getByRole("link", { name: /members of Math 7 - Period 2/ }).click();
    await page.getByRole("heading", { name: "Math 7 - Period 2" }).waitFor();
    await page.getByTestId("class-teachers").getByText("Marta Rivera").waitFor();
    await page.getByRole("link", { name: "Badges" }).click();
    const badge = page.getByTestId("badge-card").filter({ hasText: "Ada Okafor" });
    const pin = await badge.getByTestId("badge-pin").innerText();
    expect(pin).toMatch(/^\d{6}$/);
    expect(await badge.locator("svg").count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "roster-badges");
    // Printed, a small class's cards keep their size: none stretches to the page's height.
    await page.emulateMedia({ media: "print" });
    const heights = await page.getByTestId("badge-card").evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(450);
    await saveScreenshot(page, "roster-badges-printed");
    await page.emulateMedia({ media: "screen" });

    // The student joins on their own device: their name from the roster and their PIN.
    const studentContext = await session.browser.newContext({ baseURL: session.worker.origin, viewport: { width: 390, height: 844 } });
    const student = await studentContext.newPage();
    const studentErrors = watchForPageErrors(student);
    await student.goto(`/join?code=${joinCode}`);
    await student.getByRole("heading", { name: "Welcome to Math 7 - Period 2" }).waitFor();
    await student.getByLabel("Your Name").selectOption({ label: "Ada Okafor" });
    await student.getByLabel("Class PIN").fill(pin);
    expect(await seriousAccessibilityViolations(student)).toEqual([]);
    await saveScreenshot(student, "roster-join");
    await student.getByRole("button", { name: "Start Test" }).click();
    await student.getByRole("heading", { name: "Before You Begin" }).waitFor();
    await student.getByRole("button", { name: "Start Test" }).click();
    await student.waitForURL(/\/test\/[^/?]+\?session=/);

    // A second browser cannot join as her without her PIN.
    const otherContext = await session.browser.newContext({ baseURL: session.worker.origin });
    const other = await otherContext.newPage();
    await other.goto(`/join?code=${joinCode}`);
    await other.getByLabel("Your Name").selectOption({ label: "Ada Okafor" });
    await other.getByLabel("Class PIN").fill(pin === "000000" ? "111111" : "000000");
    await other.getByRole("button", { name: "Start Test" }).click();
    await other.getByRole("alert").getByText("That PIN is not right.").waitFor();
    expect(other.url()).toContain("/join");
    await otherContext.close();
    expect(studentErrors()).toEqual([]);
    await studentContext.close();

    // The teacher finds her by name and sees her history.
    await page.goto("/admin/students");
    await page.getByLabel("Search").fill("okafor");
    await page.getByTestId("students-count").getByText("Showing 1 of 1 students").waitFor();
    await page.getByRole("link", { name: "Okafor, Ada" }).click();
    await page.getByRole("heading", { name: "Ada Okafor" }).waitFor();
    await page.getByTestId("student-session").getByText("In Progress").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "student-page");

    // The family's request: a copy of her data, then its deletion.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download Data" }).click()]);
    expect(download.suggestedFilename()).toBe("student-S-2001-data.json");
    const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")));
    expect(exported.student).toMatchObject({ studentId: "S-2001", givenName: "Ada" });
    expect(exported.sessions).toHaveLength(1);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Ada Okafor?" }).getByRole("button", { name: "Delete Student and Data" }).click();
    await toast("Student deleted");
    await page.waitForURL(/\/admin\/students$/);
    expect(await page.getByTestId("student-row").filter({ hasText: "Okafor" }).count()).toBe(0);

    // The next import names her, says when she was deleted, and leaves her out unless asked; a
    // newcomer whose identifier cannot be a student ID comes in under their sourcedId, with a note.
    const users = `${readFileSync(join(__dirname, "../fixtures/oneroster/v1.2/users.csv"), "utf8")}user-s7,active,2026-08-01T10:00:00.000Z,true,fmensah,,Femi,Mensah,,,,,,S 2007,,,,,07,,,,Red\n`;
    const roles = `${readFileSync(join(__dirname, "../fixtures/oneroster/v1.2/roles.csv"), "utf8")}role-s7,active,2026-08-01T10:00:00.000Z,user-s7,primary,student,,,org-1,\n`;
    await previewBundle("v1.2", { "users.csv": users, "roles.csv": roles });
    await dialog
      .getByTestId("deleted-on-request")
      .getByText(/^1 student deleted on request on \w{3} \d{1,2} would be re-created\./)
      .waitFor();
    await dialog.getByText(/The identifier "S 2007" cannot be a student ID/).waitFor();
    const recreate = dialog.getByLabel("Re-create them");
    expect(await recreate.isChecked()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "roster-import-deleted-on-request");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast("Roster imported");
    await page.getByTestId("student-row").filter({ hasText: "Mensah, Femi" }).waitFor();
    expect(await page.getByTestId("student-row").filter({ hasText: "Okafor" }).count()).toBe(0);
  });

  it("lists the first 1,000 refused rows of a bundle and downloads them all as CSV from the dialog", async () => {
    const { page } = session;
    const fixture = readFileSync(join(__dirname, "../fixtures/oneroster/v1.2/enrollments.csv"), "utf8");
    // 1,200 enrollments in a class the bundle does not have: each refused with its line.
    const stray = Array.from({ length: 1200 }, (_, index) => `stray-${index},active,2026-08-01T10:00:00.000Z,class-none,org-1,user-s1,student,false,,`);
    const dialog = await previewBundle("v1.2", { "enrollments.csv": `${fixture.trimEnd()}\n${stray.join("\n")}\n` });
    const summary = dialog.getByTestId("import-summary");
    await summary.getByText(/Showing the first 1,000 of 1,2\d\d refused rows/).waitFor();
    const total = Number((await summary.getByText(/rows are refused/).innerText()).match(/[\d,]+/)![0].replace(/,/g, ""));
    const [download] = await Promise.all([page.waitForEvent("download"), summary.getByRole("button", { name: "Download all refused rows (CSV)" }).click()]);
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe("file,line,reason");
    // Every refused row, not the 1,000 the dialog lists; nothing was imported.
    expect(csv.length - 1).toBe(total);
    expect(csv.filter((row) => row.startsWith("enrollments.csv,")).length).toBeGreaterThanOrEqual(1200);
    await dialog.getByText("Nothing is saved yet").waitFor();
  });

  it("invites the bundle's teacher, who follows the link, sets a password, signs in and sees their class (ADR 0040)", async () => {
    const { page } = session;
    const dialog = await previewBundle("v1.1");
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await toast("Roster imported");

    // Accounts & Roles: the Invite dialog, then the imported teacher invited from "Invite the new teachers".
    await page.goto("/admin/staff");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const invite = page.getByRole("dialog", { name: "Invite someone" });
    await invite.getByLabel("E-mail address").fill("new.colleague@riverside.example");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "invite-dialog");
    await invite.getByRole("button", { name: "Cancel" }).click();
    await page
      .getByTestId("new-teacher")
      .filter({ hasText: "mrivera@riverside.example" })
      .getByRole("button", { name: /^Invite/ })
      .click();
    const url = await page.getByLabel("Sign-in link for mrivera@riverside.example").inputValue();
    expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await page.getByTestId("invitation-row").filter({ hasText: "mrivera@riverside.example" }).getByText("Not accepted yet").waitFor();
    await saveScreenshot(page, "invite-link-issued");

    // The teacher, in a browser of their own: "Set up your account", then their classes.
    const teacherContext = await session.browser.newContext({ baseURL: session.worker.origin, viewport: { width: 1280, height: 900 } });
    const teacher = await teacherContext.newPage();
    const teacherErrors = watchForPageErrors(teacher);
    await teacher.goto(new URL(url).pathname);
    await teacher.getByRole("heading", { name: "Set up your account" }).waitFor();
    expect(await seriousAccessibilityViolations(teacher)).toEqual([]);
    await saveScreenshot(teacher, "invite-set-up");
    await teacher.getByLabel("Password").fill("riverside maths 2026");
    await teacher.getByRole("button", { name: "Set up and sign in" }).click();
    await teacher.waitForURL(/\/admin\/cohorts$/);
    await teacher.getByTestId("cohort-card").filter({ hasText: "Math 7 - Period 2" }).waitFor();

    // Signed out, they sign in with the password they chose; the link is used up.
    await teacherContext.clearCookies();
    await teacher.goto("/login?returnTo=/admin/cohorts");
    await teacher.getByLabel("Email").fill("mrivera@riverside.example");
    await teacher.getByLabel("Password").fill("riverside maths 2026");
    await teacher.getByRole("button", { name: "Sign in" }).click();
    await teacher.getByTestId("cohort-card").filter({ hasText: "Math 7 - Period 2" }).waitFor();
    await teacher.goto(new URL(url).pathname);
    await teacher.getByRole("heading", { name: "This link can no longer be used" }).waitFor();
    expect(await teacher.getByRole("textbox").count()).toBe(0);
    expect(teacherErrors()).toEqual([]);
    await teacherContext.close();
  });
});

describe("a district's bundle too large for one request", () => {
  // Any bundle past 1 kB is read by the queue in parts of 40 people (ADR 0050).
  const large = browserSession({ signInAs: demoAccounts.admin, vars: () => ({ ROSTER_IN_PARTS_ABOVE_BYTES: "1000", ROSTER_USERS_PER_PART: "40" }) });

  it("is checked and imported by the queue with its progress in people, the preview shown as a small one's", async () => {
    const { page } = large;
    const dialog = await previewZip(page, syntheticOneRosterZip({ students: 150, classesPerStudent: 2, classSize: 100, prefix: "e2e" }));
    const summary = dialog.getByTestId("import-summary");
    expect(await summary.getByRole("row", { name: /Students/ }).textContent()).toContain("150");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "roster-import-large-preview");

    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await large.page.getByTestId("toast").filter({ hasText: "Roster imported" }).waitFor();
    await page.goto("/admin/students?q=family149");
    await page.getByTestId("student-row").filter({ hasText: "Family149, Given149" }).waitFor();
  });
});
