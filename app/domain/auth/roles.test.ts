import { describe, expect, it } from "vitest";

import { normalizeEmail, parseAdminEmails, resolveRole } from "./roles";

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ada@Example.ORG \n")).toBe("ada@example.org");
  });
});

describe("parseAdminEmails", () => {
  it("returns an empty set for a missing or empty list", () => {
    expect(parseAdminEmails(undefined).size).toBe(0);
    expect(parseAdminEmails(null).size).toBe(0);
    expect(parseAdminEmails("").size).toBe(0);
    expect(parseAdminEmails("  , ;  ").size).toBe(0);
  });

  it("splits on commas", () => {
    expect([...parseAdminEmails("a@x.org,b@x.org")].sort()).toEqual(["a@x.org", "b@x.org"]);
  });

  it("splits on semicolons, whitespace and mixtures of separators", () => {
    const set = parseAdminEmails(" a@x.org ; b@x.org\nc@x.org\t d@x.org ,; e@x.org ");
    expect([...set].sort()).toEqual(["a@x.org", "b@x.org", "c@x.org", "d@x.org", "e@x.org"]);
  });

  it("lower-cases addresses and removes duplicates that differ only in case", () => {
    const set = parseAdminEmails("Ada@Example.org, ADA@example.ORG");
    expect([...set]).toEqual(["ada@example.org"]);
  });

  it("drops entries without an at-sign", () => {
    const set = parseAdminEmails("admin, a@x.org; nobody ,, 42");
    expect([...set]).toEqual(["a@x.org"]);
  });
});

describe("resolveRole", () => {
  const admins = parseAdminEmails("boss@school.org, Head@School.org");

  it("keeps a stored admin an admin even when not listed", () => {
    expect(resolveRole({ role: "admin", email: "local@localhost" }, admins)).toBe("admin");
    expect(resolveRole({ role: "admin", email: "local@localhost" }, new Set())).toBe("admin");
  });

  it("promotes a student whose e-mail is listed", () => {
    expect(resolveRole({ role: "student", email: "boss@school.org" }, admins)).toBe("admin");
  });

  it("matches the list case-insensitively and ignores surrounding whitespace", () => {
    expect(resolveRole({ role: "student", email: "BOSS@School.Org" }, admins)).toBe("admin");
    expect(resolveRole({ role: "student", email: " head@school.org " }, admins)).toBe("admin");
  });

  it("leaves an unlisted student a student", () => {
    expect(resolveRole({ role: "student", email: "pupil@school.org" }, admins)).toBe("student");
    expect(resolveRole({ role: "student", email: "boss@school.org" }, new Set())).toBe("student");
  });

  it("does not match on a partial address", () => {
    expect(resolveRole({ role: "student", email: "boss@school.org.evil" }, admins)).toBe("student");
    expect(resolveRole({ role: "student", email: "oss@school.org" }, admins)).toBe("student");
  });
});
