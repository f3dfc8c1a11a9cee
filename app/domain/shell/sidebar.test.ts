import { describe, expect, it } from "vitest";

import { isSidebarShortcut, SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME, sidebarCookie, sidebarOpenFromCookie } from "./sidebar";

describe("sidebarOpenFromCookie", () => {
  it("is open when there is no Cookie header", () => {
    expect(sidebarOpenFromCookie(null)).toBe(true);
    expect(sidebarOpenFromCookie(undefined)).toBe(true);
    expect(sidebarOpenFromCookie("")).toBe(true);
  });

  it("is closed when the cookie says false", () => {
    expect(sidebarOpenFromCookie("sidebar_state=false")).toBe(false);
  });

  it("is open when the cookie says true", () => {
    expect(sidebarOpenFromCookie("sidebar_state=true")).toBe(true);
  });

  it("finds the cookie among other cookies", () => {
    expect(sidebarOpenFromCookie("theme=dark; sidebar_state=false; __session=abc")).toBe(false);
    expect(sidebarOpenFromCookie("theme=dark;sidebar_state=false")).toBe(false);
    expect(sidebarOpenFromCookie("a=1; sidebar_state=true; b=2")).toBe(true);
  });

  it("is open when only other cookies are present", () => {
    expect(sidebarOpenFromCookie("theme=dark; __session=abc")).toBe(true);
  });

  it("does not confuse a cookie whose name merely contains sidebar_state", () => {
    expect(sidebarOpenFromCookie("old_sidebar_state=false; sidebar_state_x=false")).toBe(true);
  });

  it("treats an unreadable value as open", () => {
    expect(sidebarOpenFromCookie("sidebar_state=")).toBe(true);
    expect(sidebarOpenFromCookie("sidebar_state=garbage")).toBe(true);
  });
});

describe("sidebarCookie", () => {
  it("writes the state with a week-long max-age on the root path", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    const cookie = sidebarCookie(false);
    expect(cookie.startsWith(`${SIDEBAR_COOKIE_NAME}=false;`)).toBe(true);
    expect(cookie).toContain("max-age=604800");
    expect(cookie).toContain("path=/");
    expect(sidebarCookie(true).startsWith("sidebar_state=true;")).toBe(true);
  });

  it("round-trips through sidebarOpenFromCookie", () => {
    for (const open of [true, false]) {
      const nameValue = sidebarCookie(open).split(";")[0]!;
      expect(sidebarOpenFromCookie(`other=1; ${nameValue}`)).toBe(open);
    }
  });
});

describe("isSidebarShortcut", () => {
  const key = (overrides: Partial<Parameters<typeof isSidebarShortcut>[0]>) => ({
    key: "b",
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...overrides,
  });

  it("accepts Ctrl+B and Meta+B", () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true }))).toBe(true);
  });

  it("accepts an uppercase B (e.g. Caps Lock)", () => {
    expect(isSidebarShortcut(key({ key: "B", ctrlKey: true }))).toBe(true);
  });

  it("rejects the shortcut with Alt or Shift", () => {
    expect(isSidebarShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ metaKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ key: "B", ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it("rejects a plain b and other keys", () => {
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ key: "B" }))).toBe(false);
    expect(isSidebarShortcut(key({ key: "n", ctrlKey: true }))).toBe(false);
  });
});
