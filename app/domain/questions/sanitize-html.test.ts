import { describe, expect, it } from "vitest";

import { htmlToPlainText, sanitizeQuestionHtml as clean } from "./sanitize-html";

describe("sanitizeQuestionHtml keeps the allow-list", () => {
  it("keeps allowed tags with class and style", () => {
    expect(clean('<p class="lead">What is <strong>2</strong> + <em>2</em>?</p>')).toBe(
      '<p class="lead">What is <strong>2</strong> + <em>2</em>?</p>',
    );
    expect(clean('<span style="color: red; font-weight: bold">x</span>')).toBe('<span style="color: red; font-weight: bold">x</span>');
    expect(clean("<ul><li>a</li><li>b</li></ul><br/><h3>t</h3>")).toBe("<ul><li>a</li><li>b</li></ul><br><h3>t</h3>");
  });

  it("drops other tags but keeps their text", () => {
    expect(clean('<a href="https://x.org">link</a> <img src=x>')).toBe("link ");
    expect(clean("<table><tr><td>cell</td></tr></table>")).toBe("cell");
  });

  it("drops other attributes", () => {
    expect(clean('<p id="x" title="t" data-a="1">hi</p>')).toBe("<p>hi</p>");
  });

  it("balances tags", () => {
    expect(clean("<p><strong>open")).toBe("<p><strong>open</strong></p>");
    expect(clean("</div>text</p>")).toBe("text");
    expect(clean("<p><em>a</p>b")).toBe("<p><em>a</em></p>b");
  });

  it("keeps entities and escapes stray angle brackets and ampersands", () => {
    expect(clean("3 < 4 && 5 > 2 &amp; &lt;b&gt;")).toBe("3 &lt; 4 &amp;&amp; 5 &gt; 2 &amp; &lt;b&gt;");
  });
});

describe("sanitizeQuestionHtml removes hostile markup", () => {
  const hostile = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    '<img src=x onerror="alert(1)">',
    '<p onclick="alert(1)">x</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<div style="width: expression(alert(1))">x</div>',
    '<span style="color: red; background-image: url(&#106;avascript:alert(1))">x</span>',
    "<iframe src=javascript:alert(1)></iframe>",
    "<svg><script>alert(1)</script></svg>",
    "<style>body{display:none}</style>",
    '<p/onmouseover="alert(1)">x</p>',
    "<<script>script>alert(1)<</script>/script>",
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    "<!--<script>alert(1)</script>-->",
    '<p class="a" onload=alert(1) class=b>x</p>',
  ];
  for (const input of hostile) {
    it(`neutralises ${JSON.stringify(input)}`, () => {
      const output = clean(input);
      expect(output).not.toMatch(/<script|<iframe|<svg|<img|<a\b|<style/i);
      expect(output).not.toMatch(/\son\w+\s*=/i);
      expect(output).not.toMatch(/javascript:/i);
      expect(output).not.toMatch(/expression\(|url\(/i);
    });
  }
});

describe("htmlToPlainText", () => {
  it("strips tags and decodes basic entities", () => {
    expect(htmlToPlainText("<p>What is <strong>2 &lt; 3</strong>?</p><p>Explain.</p>")).toBe("What is 2 < 3? Explain.");
  });
});
