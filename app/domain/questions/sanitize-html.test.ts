import { describe, expect, it } from "vitest";

import { sanitizeQuestionHtml as clean } from "./sanitize-html";

describe("sanitizeQuestionHtml keeps the allow-list", () => {
  it("keeps allowed tags with class and style", () => {
    expect(clean('<p class="lead">What is <strong>2</strong> + <em>2</em>?</p>')).toBe('<p class="lead">What is <strong>2</strong> + <em>2</em>?</p>');
    expect(clean('<span style="color: red; font-weight: bold">x</span>')).toBe('<span style="color: red; font-weight: bold">x</span>');
    expect(clean("<ul><li>a</li><li>b</li></ul><br/><h3>t</h3>")).toBe("<ul><li>a</li><li>b</li></ul><br><h3>t</h3>");
  });

  it("drops other tags but keeps their text", () => {
    expect(clean('<a href="https://x.org">link</a> <img src=x>')).toBe("link ");
    expect(clean("<table><tr><td>cell</td></tr></table>")).toBe("cell");
  });

  it("keeps a language tag as lang, and drops one that is not shaped like a tag", () => {
    expect(clean('<p lang="es">¿Cuánto es 2 + 2?</p>')).toBe('<p lang="es">¿Cuánto es 2 + 2?</p>');
    expect(clean('<span LANG=" es-US ">hola</span>')).toBe('<span lang="es-US">hola</span>');
    expect(clean('<div class="a" lang="zh-Hant-TW" style="color: red">x</div>')).toBe('<div class="a" style="color: red" lang="zh-Hant-TW">x</div>');
    expect(clean('<p lang="es&quot; onclick=&quot;x">a</p>')).toBe("<p>a</p>");
    expect(clean('<p lang="español">a</p><p lang="e">b</p><p lang="es_ES">c</p>')).toBe("<p>a</p><p>b</p><p>c</p>");
    expect(clean(`<p lang="es-${"a".repeat(40)}">a</p>`)).toBe("<p>a</p>");
  });

  it("drops other attributes", () => {
    expect(clean('<p id="x" title="t" data-a="1">hi</p>')).toBe("<p>hi</p>");
  });

  it("balances tags", () => {
    expect(clean("<p><strong>open")).toBe("<p><strong>open</strong></p>");
    expect(clean("</div>text</span>")).toBe("text");
    expect(clean("<p><em>a</p>b")).toBe("<p><em>a</em></p>b");
  });

  it("keeps entities and escapes stray angle brackets and ampersands", () => {
    expect(clean("3 < 4 && 5 > 2 &amp; &lt;b&gt;")).toBe("3 &lt; 4 &amp;&amp; 5 &gt; 2 &amp; &lt;b&gt;");
  });

  it("shows every character reference as the character it names, never double-escaped", () => {
    expect(clean("caf&eacute; &#233; &#xE9; &euro;5 &copy 2&frac12;")).toBe("café é é €5 © 2½");
    expect(clean("a&nbsp;b &unknown; &amp;eacute;")).toBe("a&nbsp;b &amp;unknown; &amp;eacute;");
    expect(clean('<p class="&#x6c;ead">x</p>')).toBe('<p class="lead">x</p>');
  });
});

describe("sanitizeQuestionHtml builds the tree a browser builds", () => {
  it("closes an unclosed list item at the next one", () => {
    expect(clean("<ul><li>a<li>b</ul>")).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(clean("<ol><li><span>a<li>b")).toBe("<ol><li><span>a</span></li><li>b</li></ol>");
  });

  it("keeps a list inside a list item nested", () => {
    expect(clean("<ul><li>a<ul><li>b</ul><li>c</ul>")).toBe("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>");
  });

  it("closes an open paragraph at the next block", () => {
    expect(clean("<p>one<p>two")).toBe("<p>one</p><p>two</p>");
    expect(clean("<p>intro<ul><li>a</ul>")).toBe("<p>intro</p><ul><li>a</li></ul>");
    expect(clean("<p><span>a<div>b</div>")).toBe("<p><span>a</span></p><div>b</div>");
  });

  it("closes a heading at the next heading and any heading's end tag", () => {
    expect(clean("<h1>Title<h2>Sub</h2>")).toBe("<h1>Title</h1><h2>Sub</h2>");
    expect(clean("<h1>Title</h2>text")).toBe("<h1>Title</h1>text");
  });

  it("reads a stray </p> as an empty paragraph and </br> as a line break, as browsers do", () => {
    expect(clean("a</p>b</br>c")).toBe("a<p></p>b<br>c");
  });

  it("keeps the first of two same-named attributes, as a browser does", () => {
    expect(clean('<p class="a" class="b" style="color: red" style="color: blue">x</p>')).toBe('<p class="a" style="color: red">x</p>');
  });

  it("stores line breaks as line feeds and drops NUL characters", () => {
    expect(clean("a\r\nb\rc&#13;d\0e")).toBe("a\nb\nc\nde");
  });

  it("drops a script's content up to its real end tag, whatever letters it holds", () => {
    expect(clean(`<script>${"İ".repeat(20)}</script>kept <p>too</p>`)).toBe("kept <p>too</p>");
    expect(clean("<SCRIPT>a</scriptx>b</Script >kept")).toBe("kept");
  });

  it("gives the same output when cleaned twice", () => {
    const once = clean('<p class="x" style="font-family: &quot;Arial&quot;">caf&eacute; &amp; <b>5 &lt; 6</b><li>a<li>b');
    expect(clean(once)).toBe(once);
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
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
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
