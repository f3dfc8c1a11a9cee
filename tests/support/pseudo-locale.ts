/**
 * The pseudo-locale check (ADR 0045): a page rendered with `lang=qps` shows every catalog text
 * between ⟦ and ⟧, so any visible text left without those marks did not come from the catalog.
 * What users wrote (test titles, question text, names) is passed as `allowed` and not counted.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") return String.fromCodePoint(body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : Number(body.slice(1)));
    return ENTITIES[body.toLowerCase()] ?? entity;
  });

/** A text with its catalog messages taken out, innermost first (a message may hold another as its value). */
function withoutMarked(text: string): string {
  let rest = text;
  for (let previous = ""; previous !== rest;) {
    previous = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
  }
  return rest;
}

/**
 * The page's texts a reader sees or hears (text between tags, and the aria-label, title, alt and
 * placeholder attributes) that still hold a letter once the catalog's marked messages and the
 * `allowed` texts are taken out. Scripts and styles are not read.
 */
export function unmarkedTexts(html: string, allowed: readonly string[] = []): string[] {
  const page = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, "");
  const attributes = [...page.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((match) => match[1]!);
  const texts = page.split(/<[^>]*>/);
  const byLength = [...allowed].filter(Boolean).sort((a, b) => b.length - a.length);
  return [...texts, ...attributes]
    .map((text) => decode(text).replace(/\s+/g, " ").trim())
    .filter((text) => {
      let rest = withoutMarked(text);
      for (const user of byLength) rest = rest.split(user.replace(/\s+/g, " ").trim()).join(" ");
      return /\p{L}/u.test(rest);
    });
}
