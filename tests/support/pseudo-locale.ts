/**
 * The pseudo-locale check (ADR 0045): a student page fetched with `Cookie: lang=qps` shows every
 * text from the catalog between ⟦ and ⟧. `unmarkedTexts` returns the visible texts of its HTML
 * (text between tags, the title, and the attributes a reader meets: aria-label, title, alt,
 * placeholder) that carry no mark, leaving out `allowed` (user content: names, class names, test
 * titles, questions). An empty list means nothing on the page bypassed the catalog.
 */
const VISIBLE_ATTRIBUTES = /\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " " };
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => ENTITIES[entity]!);

export function unmarkedTexts(html: string, allowed: readonly string[] = []): string[] {
  const page = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
  const texts: string[] = [];
  for (const [, value] of page.matchAll(VISIBLE_ATTRIBUTES)) texts.push(decode(value!));
  for (const text of page.replace(/<!--[\s\S]*?-->/g, "").split(/<[^>]*>/)) texts.push(decode(text));
  return texts
    .map((text) => text.trim())
    .filter((text) => /\p{L}/u.test(text))
    .filter((text) => !(text.startsWith("⟦") && text.endsWith("⟧")))
    .filter((text) => !allowed.some((user) => text === user || text.startsWith(`${user} ·`)));
}
