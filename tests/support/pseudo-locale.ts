import { CookieJar } from "./cookie-jar";

/**
 * The pseudo-locale check (ADR 0045): a student page fetched with `lang=qps` shows every text of
 * the catalog between ⟦ ⟧, so a visible text without the marks did not come from the catalog.
 * `unmarkedTexts` lists the body's texts (each text between tags, and each aria-label) that carry
 * no mark and letters, less the user content the test names in `allowed` (a test's title, a
 * student's name, a key name).
 */
export function unmarkedTexts(html: string, allowed: readonly string[] = []): string[] {
  const body = html.slice(html.indexOf("<body"), html.lastIndexOf("</body>"));
  const visible = body.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<style[\s\S]*?<\/style>/g, "");
  const texts = [...visible.replace(/<!--[\s\S]*?-->/g, "<>").split(/<[^>]*>/), ...[...visible.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]!)];
  return texts
    .map((text) => decode(text).trim())
    .filter((text) => /\p{L}/u.test(text) && !text.includes("⟦"))
    .filter((text) => !allowed.some((content) => text === content || text.replace(content, "").replace(/[\s\p{P}]/gu, "") === ""));
}

/** A copy of a browser's cookies, set to show the student pages in `locale` (the `lang` cookie a student's choice sets). */
export function inLanguage(jar: CookieJar | undefined, locale: "en" | "es" | "qps"): CookieJar {
  const copy = new CookieJar();
  for (const pair of (jar?.header() ?? "").split("; ").filter(Boolean)) {
    const separator = pair.indexOf("=");
    copy.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
  copy.set("lang", locale);
  return copy;
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
