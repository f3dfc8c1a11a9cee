import { matchingBrace } from "../format";

/**
 * The pseudo-locale (ADR 0045): every English message accented and lengthened by about a third,
 * between ⟦ and ⟧, placeholders and plural syntax kept. A visible text without those marks on a
 * page in this locale did not come from the catalog.
 */
const ACCENTED: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ö",
  u: "ü",
  c: "ç",
  n: "ñ",
  y: "ý",
  s: "š",
  z: "ž",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ö",
  U: "Ü",
  C: "Ç",
  N: "Ñ",
  Y: "Ý",
  S: "Š",
  Z: "Ž",
};

/** A message made pseudo outside its placeholders; inside a plural, each case's text too. */
function pseudoMessage(template: string): string {
  return template.trim() ? `⟦${transform(template)}${"·".repeat(Math.ceil(template.length / 3))}⟧` : template;
}

function transform(template: string): string {
  let out = "";
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf("{", index);
    if (open < 0) break;
    const close = matchingBrace(template, open);
    out += accent(template.slice(index, open));
    const body = template.slice(open + 1, close);
    const [name = "", kind, ...rest] = body.split(",");
    out += kind?.trim() === "plural" ? `{${name},${kind},${pluralCases(rest.join(","))}}` : `{${body}}`;
    index = close + 1;
  }
  return out + accent(template.slice(index));
}

function pluralCases(text: string): string {
  let out = "";
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf("{", index);
    if (open < 0) break;
    const close = matchingBrace(text, open);
    out += `${text.slice(index, open)}{${transform(text.slice(open + 1, close))}}`;
    index = close + 1;
  }
  return out;
}

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter);

export function pseudoCatalog<C extends Record<string, Record<string, string>>>(catalog: C): C {
  const out: Record<string, Record<string, string>> = {};
  for (const [area, messages] of Object.entries(catalog)) {
    out[area] = {};
    for (const [key, text] of Object.entries(messages)) out[area][key] = pseudoMessage(text);
  }
  return out as C;
}
