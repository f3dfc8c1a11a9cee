/**
 * Fills a catalog message with its values (ADR 0045). The message syntax is a small part of ICU's:
 * `{name}` puts a value in (a number formatted for the locale), and
 * `{name, plural, one {# minute} other {# minutes}}` picks by the locale's plural rules (`=0`, `=1`
 * exact cases first), `#` standing for the number. Shared by the server and the student pages,
 * so it stays this small: no library reaches a student page.
 */
export type MessageValues = Record<string, string | number>;

export function formatMessage(intlLocale: string, template: string, values: MessageValues = {}): string {
  let out = "";
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf("{", index);
    if (open < 0) break;
    const close = matchingBrace(template, open);
    out += template.slice(index, open);
    out += placeholder(intlLocale, template.slice(open + 1, close), values);
    index = close + 1;
  }
  return out + template.slice(index);
}

/** The index of the brace that closes the one at `open` (nested plural cases count). */
export function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length - 1;
}

function placeholder(intlLocale: string, body: string, values: MessageValues): string {
  const [name = "", kind, ...rest] = body.split(",");
  const value = values[name.trim()];
  if (kind?.trim() !== "plural") return show(intlLocale, value);
  const count = Number(value);
  const cases = parseCases(rest.join(","));
  const chosen = cases[`=${count}`] ?? cases[new Intl.PluralRules(intlLocale).select(count)] ?? cases.other ?? "";
  return formatMessage(intlLocale, chosen.replace(/#/g, show(intlLocale, count)), values);
}

function parseCases(text: string): Record<string, string> {
  const cases: Record<string, string> = {};
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf("{", index);
    if (open < 0) break;
    const close = matchingBrace(text, open);
    cases[text.slice(index, open).trim()] = text.slice(open + 1, close);
    index = close + 1;
  }
  return cases;
}

const show = (intlLocale: string, value: string | number | undefined) =>
  typeof value === "number" ? new Intl.NumberFormat(intlLocale).format(value) : (value ?? "");

/** Every placeholder a message names, with its kind and, for a plural, its cases (the catalogs' parity test). */
export function placeholdersOf(template: string): string[] {
  const found = new Set<string>();
  const walk = (text: string) => {
    let index = 0;
    while (index < text.length) {
      const open = text.indexOf("{", index);
      if (open < 0) return;
      const close = matchingBrace(text, open);
      const [name = "", kind, ...rest] = text.slice(open + 1, close).split(",");
      if (kind?.trim() === "plural") {
        found.add(`${name.trim()}:plural`);
        for (const body of Object.values(parseCases(rest.join(",")))) walk(body);
      } else found.add(name.trim());
      index = close + 1;
    }
  };
  walk(template);
  return [...found].sort();
}
