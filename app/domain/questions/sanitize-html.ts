/**
 * Question HTML allow-list (SPEC.md section 5): tags p, br, strong, em, u, b, i, ul, ol, li,
 * h1-h6, span, div; attributes class and style. Pure TypeScript, so it runs the same in the
 * Worker, in Node and in the browser.
 *
 * It never passes input markup through: it tokenizes, keeps the text (escaped) and rebuilds
 * only allowed tags with vetted attributes, balanced. Scripts, styles and other embedded
 * content are dropped with their content; any other tag is dropped but its text kept.
 */
const ALLOWED_TAGS = new Set(["p", "br", "strong", "em", "u", "b", "i", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "span", "div"]);
const VOID_TAGS = new Set(["br"]);
const DROP_WITH_CONTENT = new Set(["script", "style", "iframe", "object", "embed", "noscript", "template", "textarea", "title", "svg", "math", "xmp", "noembed", "noframes", "plaintext"]);
const STYLE_PROPERTIES = new Set([
  "color", "background-color", "font-weight", "font-style", "font-size", "font-family", "text-decoration",
  "text-align", "text-indent", "line-height", "margin", "margin-left", "margin-right", "margin-top", "margin-bottom",
  "padding", "padding-left", "padding-right", "padding-top", "padding-bottom", "list-style-type", "vertical-align",
  "white-space",
]);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /^&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});/;

function escapeText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "<") out += "&lt;";
    else if (char === ">") out += "&gt;";
    else if (char === "&") out += ENTITY.test(text.slice(i)) ? "&" : "&amp;";
    else out += char;
  }
  return out;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Decodes the few entities that could hide a dangerous word inside an attribute value. */
function decodeForInspection(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(/&colon;/gi, ":")
    .replace(/&lpar;/gi, "(")
    .replace(/&bsol;/gi, "\\");
}

function sanitizeStyle(style: string): string {
  const inspected = decodeForInspection(style).toLowerCase();
  if (/url\s*\(|expression\s*\(|javascript:|vbscript:|@import|behavior|binding|\\/.test(inspected)) return "";
  return style
    .split(";")
    .map((declaration) => {
      const colon = declaration.indexOf(":");
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      if (!STYLE_PROPERTIES.has(property) || !/^[#(),.%\w\s'"-]+$/.test(value)) return null;
      return `${property}: ${value}`;
    })
    .filter(Boolean)
    .join("; ");
}

function sanitizeAttributes(source: string): string {
  let out = "";
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    if (name === "class") {
      const classes = value.split(/\s+/).filter((token) => /^[\w-]+$/.test(token)).join(" ");
      if (classes) out += ` class="${escapeAttribute(classes)}"`;
    } else if (name === "style") {
      const style = sanitizeStyle(value);
      if (style) out += ` style="${escapeAttribute(style)}"`;
    }
  }
  return out;
}

export function sanitizeQuestionHtml(input: string): string {
  let out = "";
  const open: string[] = [];
  let i = 0;
  while (i < input.length) {
    const next = input.indexOf("<", i);
    if (next < 0) {
      out += escapeText(input.slice(i));
      break;
    }
    out += escapeText(input.slice(i, next));
    i = next;
    const rest = input.slice(i);
    if (rest.startsWith("<!--")) {
      const end = input.indexOf("-->", i + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    if (/^<[!?]/.test(rest)) {
      // Doctype, CDATA or processing instruction: drop it.
      const end = input.indexOf(">", i);
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      out += "&lt;";
      i += 1;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === "/";
    const name = tag[2]!.toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        const end = input.toLowerCase().indexOf(`</${name}`, i);
        if (end < 0) i = input.length;
        else {
          const close = input.indexOf(">", end);
          i = close < 0 ? input.length : close + 1;
        }
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`;
      continue;
    }
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index < 0) continue;
      while (open.length > index) out += `</${open.pop()}>`;
    } else {
      out += `<${name}${sanitizeAttributes(tag[3] ?? "")}>`;
      open.push(name);
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The text a teacher sees in lists: tags removed, whitespace collapsed. */
export function htmlToPlainText(html: string): string {
  return html
    // Block tags separate words; inline tags do not ("<strong>1/2</strong>." stays "1/2.").
    .replace(/<\/?(?:p|div|li|ul|ol|br|h[1-6])\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
