/**
 * The pseudo-locale check (ADR 0045): a student page fetched with `Cookie: lang=qps` shows every
 * text of the catalog between ⟦ and ⟧, so a visible text without them did not come from the
 * catalog. User content and data (a test's title, a question's text and options, a name, a
 * resume code) are passed as `allowed`.
 */
import { CookieJar } from "./cookie-jar";

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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") return String.fromCodePoint(body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : Number(body.slice(1)));
    return ENTITIES[body.toLowerCase()] ?? entity;
  });

/**
 * The texts a reader meets in a page's body (or in the fragment given): its text nodes (React's
 * `<!-- -->` between neighbouring texts left out, so a message with values reads as one text) and
 * the names and hints given in attributes (aria-label, title, placeholder, alt). Scripts and
 * styles are not text.
 */
export function visibleTexts(html: string): string[] {
  const body = html.includes("<body") ? html.slice(html.indexOf("<body")) : html;
  const shown = body.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, "");
  const named = [...shown.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((match) => match[1]!);
  const texts = shown.replace(/<[^>]*>/g, "\n").split("\n");
  return [...texts, ...named].map((text) => decode(text).replace(/\s+/g, " ").trim()).filter((text) => text !== "");
}

/** A text with its catalog messages taken out, innermost first (a message may hold another as its value). */
function withoutMarked(text: string): string {
  let rest = text;
  for (let previous = ""; previous !== rest;) {
    previous = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
  }
  return rest;
}

/** Every visible text of the page that is neither marked by the pseudo-locale nor allowed user content. */
export function unmarkedTexts(html: string, allowed: readonly string[] = []): string[] {
  const users = [...allowed]
    .map((text) => text.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  return visibleTexts(html).filter((text) => {
    let rest = withoutMarked(text);
    for (const user of users) rest = rest.split(user).join(" ");
    // A word of two letters or more: an option's letter ("A.") is not a text.
    return /\p{L}{2}/u.test(rest);
  });
}
