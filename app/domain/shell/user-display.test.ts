import { describe, expect, it } from "vitest";

import { displayName, initials } from "./user-display";

describe("displayName", () => {
  it("joins first and last name with one space", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.org" })).toBe("Ada Lovelace");
  });

  it("trims the surrounding whitespace of each name", () => {
    expect(displayName({ firstName: "  Ada ", lastName: "\tLovelace\n" })).toBe("Ada Lovelace");
  });

  it("uses only the first name when there is no last name", () => {
    expect(displayName({ firstName: "Ada", lastName: null, email: "ada@example.org" })).toBe("Ada");
    expect(displayName({ firstName: "Ada" })).toBe("Ada");
  });

  it("uses only the last name when there is no first name", () => {
    expect(displayName({ firstName: undefined, lastName: "Lovelace", email: "ada@example.org" })).toBe("Lovelace");
  });

  it("treats whitespace-only names as missing and falls back to the e-mail's local part", () => {
    expect(displayName({ firstName: "   ", lastName: "\t", email: "ada.l@example.org" })).toBe("ada.l");
  });

  it("falls back to the part of the e-mail before the at-sign", () => {
    expect(displayName({ firstName: null, lastName: null, email: "grace.hopper@navy.mil" })).toBe("grace.hopper");
  });

  it("trims the e-mail before taking its local part", () => {
    expect(displayName({ email: "  grace@navy.mil  " })).toBe("grace");
  });

  it('falls back to "User" when nothing usable is present', () => {
    expect(displayName({})).toBe("User");
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe("User");
    expect(displayName({ firstName: " ", lastName: " ", email: "   " })).toBe("User");
  });

  it('falls back to "User" when the e-mail has nothing before the at-sign', () => {
    expect(displayName({ email: "@example.org" })).toBe("User");
  });
});

describe("initials", () => {
  it("takes the first letter of first and last name", () => {
    expect(initials({ firstName: "Ada", lastName: "Lovelace", email: "x@example.org" })).toBe("AL");
  });

  it("upper-cases lowercase letters", () => {
    expect(initials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
    expect(initials({ email: "grace@navy.mil" })).toBe("G");
  });

  it("ignores leading whitespace in names", () => {
    expect(initials({ firstName: "  ada", lastName: "  byron" })).toBe("AB");
  });

  it("uses just the first name's letter when there is no last name", () => {
    expect(initials({ firstName: "Ada", lastName: null, email: "zed@example.org" })).toBe("A");
  });

  it("uses just the last name's letter when there is no first name", () => {
    expect(initials({ firstName: undefined, lastName: "lovelace", email: "zed@example.org" })).toBe("L");
  });

  it("treats whitespace-only names as missing and uses the e-mail's first letter", () => {
    expect(initials({ firstName: "  ", lastName: "\t", email: "zed@example.org" })).toBe("Z");
  });

  it("uses the first letter of the e-mail when there are no names", () => {
    expect(initials({ firstName: null, lastName: null, email: "  mary@example.org" })).toBe("M");
  });

  it('falls back to "U" when nothing usable is present', () => {
    expect(initials({})).toBe("U");
    expect(initials({ firstName: null, lastName: null, email: null })).toBe("U");
    expect(initials({ firstName: " ", lastName: "", email: "  " })).toBe("U");
  });

  it("is at most two characters", () => {
    expect(initials({ firstName: "Jean Luc", lastName: "Picard Smith" })).toBe("JP");
  });
});

describe("initials for an e-mail without a local part", () => {
  it("falls back to U, as the display name falls back to User", () => {
    expect(displayName({ email: "@x.org" })).toBe("User");
    expect(initials({ email: "@x.org" })).toBe("U");
  });
});
