import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { escapeAttribute, escapeText } from "entities/escape";

/**
 * Question HTML allow-list: tags p, br, strong, em, u, b, i, ul, ol, li,
 * h1-h6, span, div; attributes class, style and lang (a language tag, so a passage in another
 * language is read in it: ADR 0044). Pure TypeScript, so it runs the same in the
 * Worker, in Node and in the browser.
 *
 * It never passes input markup through: it tokenizes, decodes text and attribute values as a
 * browser would, and rebuilds only allowed tags with vetted attributes, balanced, with the
 * same implied end tags as HTML's parser (so a browser builds the tree we meant) and escaped
 * exactly as the WHATWG serializer escapes (so sanitizing is idempotent). Scripts, styles and
 * other embedded content are dropped with their content; any other tag is dropped but its
 * text kept.
 */
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const ALLOWED_TAGS = new Set(["p", "br", "strong", "em", "u", "b", "i", "ul", "ol", "li", "span", "div", ...HEADINGS]);
const VOID_TAGS = new Set(["br"]);
/** Allowed tags whose start tag closes an open <p> ("close a p element" in HTML's tree builder). */
const CLOSES_PARAGRAPH = new Set(["p", "div", "ul", "ol", "li", ...HEADINGS]);
/** Allowed tags in HTML's "special" category, where the parser stops looking for an element to close. */
const SPECIAL = new Set(["p", "div", "ul", "ol", "li", ...HEADINGS]);
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "textarea",
  "title",
  "svg",
  "math",
  "xmp",
  "noembed",
  "noframes",
  "plaintext",
]);
const STYLE_PROPERTIES = new Set([
  "color",
  "background-color",
  "font-weight",
  "font-style",
  "font-size",
  "font-family",
  "text-decoration",
  "text-align",
  "text-indent",
  "line-height",
  "margin",
  "margin-left",
  "margin-right",
  "margin-top",
  "margin-bottom",
  "padding",
  "padding-left",
  "padding-right",
  "padding-top",
  "padding-bottom",
  "list-style-type",
  "vertical-align",
  "white-space",
]);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** A decoded `&#13;` would come back from a browser as a line feed, so store it as one. */
const normalizeNewlines = (text: string) => text.replace(/\r\n?/g, "\n");

/** Text as a browser reads it (every character reference decoded), written back canonically. */
const rewriteText = (raw: string) =>
  // Most text between tags needs neither; skipping it keeps tag-heavy input fast.
  /[&<>\u00a0\r]/.test(raw) ? escapeText(normalizeNewlines(decodeHTML(raw))) : raw;

function sanitizeStyle(style: string): string {
  if (/url\s*\(|expression\s*\(|javascript:|vbscript:|@import|behavior|binding|\\/i.test(style)) return "";
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

/**
 * A BCP 47 language tag's shape: a 2-3 letter language, then subtags of 1-8 letters or digits
 * ("es", "es-US", "zh-Hant-TW"). Only the shape is checked; a browser ignores a tag it does not know.
 */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;
const LANGUAGE_TAG_MAX_CHARS = 35;

function sanitizeLang(lang: string): string {
  const tag = lang.trim();
  return tag.length <= LANGUAGE_TAG_MAX_CHARS && LANGUAGE_TAG.test(tag) ? tag : "";
}

function sanitizeAttributes(source: string): string {
  // A browser keeps the first of two same-named attributes; so do we.
  const values = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!values.has(name)) values.set(name, normalizeNewlines(decodeHTMLAttribute(match[2] ?? match[3] ?? match[4] ?? "")));
  }
  let out = "";
  const classes = (values.get("class") ?? "")
    .split(/\s+/)
    .filter((token) => /^[\w-]+$/.test(token))
    .join(" ");
  if (classes) out += ` class="${escapeAttribute(classes)}"`;
  const style = sanitizeStyle(values.get("style") ?? "");
  if (style) out += ` style="${escapeAttribute(style)}"`;
  const lang = sanitizeLang(values.get("lang") ?? "");
  if (lang) out += ` lang="${lang}"`;
  return out;
}

/** Where an <li> start tag finds an open <li> to close (HTML's list-item loop), or -1. */
function openListItemToClose(open: readonly string[]): number {
  for (let index = open.length - 1; index >= 0; index--) {
    const name = open[index]!;
    if (name === "li") return index;
    if (SPECIAL.has(name) && name !== "div" && name !== "p") return -1;
  }
  return -1;
}

/** Where an end tag finds the element it closes, or -1 when a browser would ignore it. */
function openElementToClose(open: readonly string[], name: string): number {
  for (let index = open.length - 1; index >= 0; index--) {
    const openName = open[index]!;
    // "</h2>" closes whichever heading is open, as in a browser.
    if (openName === name || (HEADINGS.has(name) && HEADINGS.has(openName))) return index;
    // "</li>" looks only inside the nearest list; "</span>" stops at a block it sits outside.
    if (name === "li" && (openName === "ul" || openName === "ol")) return -1;
    if (!SPECIAL.has(name) && SPECIAL.has(openName)) return -1;
  }
  return -1;
}

/** The balanced output and the stack of allowed elements still open. */
class TreeBuilder {
  private out = "";
  private readonly open: string[] = [];

  text(raw: string) {
    this.out += rewriteText(raw);
  }

  literal(escaped: string) {
    this.out += escaped;
  }

  start(name: string, attributes: string) {
    if (VOID_TAGS.has(name)) {
      this.out += `<${name}${sanitizeAttributes(attributes)}>`;
      return;
    }
    if (name === "li") this.closeFrom(openListItemToClose(this.open));
    if (CLOSES_PARAGRAPH.has(name)) this.closeFrom(this.open.lastIndexOf("p"));
    if (HEADINGS.has(name) && HEADINGS.has(this.open.at(-1) ?? "")) this.closeFrom(this.open.length - 1);
    this.out += `<${name}${sanitizeAttributes(attributes)}>`;
    this.open.push(name);
  }

  end(name: string) {
    // A browser reads a stray "</p>" as an empty paragraph and "</br>" as a line break.
    if (name === "p" && !this.open.includes("p")) this.out += "<p></p>";
    else if (VOID_TAGS.has(name)) this.out += `<${name}>`;
    else this.closeFrom(openElementToClose(this.open, name));
  }

  finish(): string {
    this.closeFrom(0);
    return this.out;
  }

  private closeFrom(index: number) {
    if (index < 0) return;
    while (this.open.length > index) this.out += `</${this.open.pop()}>`;
  }
}

/**
 * Where content dropped with its element resumes: after its end tag, or at the end of input.
 * Searched case-insensitively in place: lower-casing the input would shift indices ("İ" grows).
 */
function afterEndTag(input: string, name: string, from: number): number {
  const endTag = new RegExp(`</${name}[\\s/>]`, "gi");
  endTag.lastIndex = from;
  const end = endTag.exec(input);
  if (!end) return input.length;
  const close = input.indexOf(">", end.index);
  return close < 0 ? input.length : close + 1;
}

export function sanitizeQuestionHtml(html: string): string {
  // The HTML parser's own input preprocessing: CR LF and CR become LF, NUL never reaches the DOM.
  const input = normalizeNewlines(html).replace(/\0/g, "");
  const tree = new TreeBuilder();
  let i = 0;
  while (i < input.length) {
    const next = input.indexOf("<", i);
    if (next < 0) {
      tree.text(input.slice(i));
      break;
    }
    tree.text(input.slice(i, next));
    i = next;
    const rest = input.slice(i);
    if (rest.startsWith("<!--")) {
      // "<!-->" and "<!--->" are complete (empty) comments to a browser.
      const abrupt = /^<!---?>/.exec(rest);
      const end = input.indexOf("-->", i + 4);
      i = abrupt ? i + abrupt[0].length : end < 0 ? input.length : end + 3;
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
      tree.literal("&lt;");
      i += 1;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === "/";
    const name = tag[2]!.toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) i = afterEndTag(input, name, i);
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) tree.end(name);
    else tree.start(name, tag[3] ?? "");
  }
  return tree.finish();
}
