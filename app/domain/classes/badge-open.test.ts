import { describe, expect, it } from "vitest";

import { translate } from "~/domain/i18n/catalog";

import { askBeforeBadge, fromAnotherSite } from "./badge-open";

const OWN = "https://tests.district.example";
const headers = (secFetchSite: string | null, origin: string | null = null, referer: string | null = null) => ({ secFetchSite, origin, referer });

describe("where a badge link came from", () => {
  it("trusts Sec-Fetch-Site when the browser sends it", () => {
    expect(fromAnotherSite(headers("cross-site"), OWN)).toBe(true);
    expect(fromAnotherSite(headers("same-site"), OWN)).toBe(true);
    expect(fromAnotherSite(headers("same-origin"), OWN)).toBe(false);
    expect(fromAnotherSite(headers("none"), OWN)).toBe(false);
  });

  it("falls back on the Origin or Referer, and takes a request that names no sender as typed or scanned", () => {
    expect(fromAnotherSite(headers(null, "https://elsewhere.example"), OWN)).toBe(true);
    expect(fromAnotherSite(headers(null, null, "https://elsewhere.example/page"), OWN)).toBe(true);
    expect(fromAnotherSite(headers(null, null, `${OWN}/join`), OWN)).toBe(false);
    expect(fromAnotherSite(headers(null), OWN)).toBe(false);
  });
});

describe("asking before a badge replaces the browser's student", () => {
  const badge = { cohortId: "c1", studentId: "S-2001" };
  it("asks only for a link from elsewhere into a browser holding someone else", () => {
    expect(askBeforeBadge(true, { kind: "student", cohortId: "c1", studentId: "S-2002" }, badge)).toBe(true);
    expect(askBeforeBadge(true, { kind: "session" }, badge)).toBe(true);
    expect(askBeforeBadge(true, { kind: "student", ...badge }, badge)).toBe(false);
    expect(askBeforeBadge(true, null, badge)).toBe(false);
    expect(askBeforeBadge(false, { kind: "student", cohortId: "c1", studentId: "S-2002" }, badge)).toBe(false);
    expect(translate("en", "join", "continueAsQuestion", { name: "Ada Okafor" })).toBe("Continue as Ada Okafor?");
    expect(translate("es", "join", "continueAsQuestion", { name: "Ada Okafor" })).toBe("¿Continuar como Ada Okafor?");
  });
});
