/**
 * The languages the student pages speak (ADR 0045). `qps` is the pseudo-locale: English made
 * accented and longer, so a test can see any visible text that did not come from the catalog. No
 * link offers it; a test sets its cookie.
 */
type Locale = "en" | "es";
export type AnyLocale = Locale | "qps";

const DEFAULT_LOCALE: Locale = "en";
const LANGUAGE_COOKIE = "lang";
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function isLocale(value: unknown): value is AnyLocale {
  return value === "en" || value === "es" || value === "qps";
}

/** What `Intl` and `<html lang>` are given: US Spanish for `es`; the pseudo-locale formats as English. */
export function intlLocale(locale: AnyLocale): string {
  return locale === "es" ? "es-US" : "en-US";
}

export const htmlLang = (locale: AnyLocale) => (locale === "qps" ? "en" : locale);

/**
 * The language of a request, most explicit first: the browser's cookie (the student chose), the
 * student record's language (a rostered join), then the browser's Accept-Language, then English.
 */
export function negotiateLocale(input: { cookie?: string | null; recordLanguage?: string | null; acceptLanguage?: string | null }): AnyLocale {
  if (isLocale(input.cookie)) return input.cookie;
  if (input.recordLanguage === "en" || input.recordLanguage === "es") return input.recordLanguage;
  return fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The first language of Accept-Language, by weight, that the pages speak. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) if (entry.language === "en" || entry.language === "es") return entry.language;
  return null;
}

/** The cookie's value in a Cookie header, or null. */
export function languageFromCookie(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE) return value ?? null;
  }
  return null;
}

export function languageCookie(locale: AnyLocale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
