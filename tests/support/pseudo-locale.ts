/**
 * The pseudo-locale check (ADR 0045): a student page fetched with `Cookie: lang=qps` shows every
 * text of the catalog between ⟦ and ⟧, so a visible text without them did not come from the
 * catalog. User content and data (a test's title, a question's text and options, a name, a
 * resume code) are passed as `allowed`.
 */

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " " };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The texts a reader meets in a page's body: its text nodes (React's `<!-- -->` between
 * neighbouring texts left out, so a message with values reads as one text) and the names and
 * hints given in attributes (aria-label, title, placeholder, alt). Scripts and styles are not text.
 */
export function visibleTexts(html: string): string[] {
  const body = html.includes("<body") ? html.slice(html.indexOf("<body")) : html;
  const shown = body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "");
  const named = [...shown.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((match) => match[1]!);
  const texts = shown.replace(/<[^>]*>/g, "\n").split("\n");
  return [...texts, ...named].map((text) => decode(text).trim()).filter((text) => text !== "");
}

/** Every visible text of the page that is neither marked by the pseudo-locale nor allowed user content. */
export function unmarkedTexts(html: string, allowed: readonly string[] = []): string[] {
  const users = [...allowed].filter((text) => text.trim() !== "").sort((a, b) => b.length - a.length);
  return visibleTexts(html).filter((text) => {
    let rest = text.replace(/⟦[^⟧]*⟧/g, " ");
    for (const user of users) rest = rest.split(user).join(" ");
    // A word of two letters or more: an option's letter ("A.") is not a text.
    return /[A-Za-z]{2}/.test(rest);
  });
}
