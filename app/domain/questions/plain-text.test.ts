import { describe, expect, it } from "vitest";

import { htmlToPlainText, plainExcerpt } from "./plain-text";

describe("htmlToPlainText", () => {
  it("strips tags and decodes basic entities", () => {
    expect(htmlToPlainText("<p>What is <strong>2 &lt; 3</strong>?</p><p>Explain.</p>")).toBe("What is 2 < 3? Explain.");
  });

  it("decodes every named, decimal and hex character reference", () => {
    expect(htmlToPlainText("<p>caf&eacute; costs &euro;3 &mdash; &#8364;3 or &#x20AC;3&nbsp;&amp;&nbsp;up</p>")).toBe("café costs €3 — €3 or €3 & up");
  });

  it("decodes once, so escaped markup reads as text", () => {
    expect(htmlToPlainText("&amp;lt;b&amp;gt; &lt;script&gt;")).toBe("&lt;b&gt; <script>");
  });

  it("keeps line breaks when asked: paragraphs, <br> and list items end lines, scripts and styles vanish", () => {
    expect(htmlToPlainText("<p>One &amp; two</p><p>Three<br/>four &#8364; &#x263A;</p><script>alert(1)</script>", { keepLineBreaks: true })).toBe(
      "One & two\nThree\nfour € ☺",
    );
    expect(htmlToPlainText("1. salt\r\n2.  <em>water</em>\n\n\n\n3. heat", { keepLineBreaks: true })).toBe("1. salt\n2. water\n\n3. heat");
  });

  it("collapses whitespace and never joins words across block tags", () => {
    expect(htmlToPlainText("<ul><li>one</li><li>two</li></ul>\n\t three")).toBe("one two three");
  });
});

describe("plainExcerpt", () => {
  it("drops the HTML, decodes entities and cuts at 100 characters", () => {
    expect(plainExcerpt("<p>Is <strong>½</strong> &gt; ⅓ &amp; why?</p>")).toBe("Is ½ > ⅓ & why?");
    expect(plainExcerpt(`<p>${"word ".repeat(40)}</p>`)).toBe(`${"word ".repeat(20).trimEnd()}…`);
  });

  it("reads a question as the analytics page does: every character reference decoded, inline tags do not split words", () => {
    const html = "<p>caf&eacute; costs &euro;3 &mdash; <strong>1/2</strong>.</p><p>Why?</p>";
    expect(plainExcerpt(html)).toBe(htmlToPlainText(html));
    expect(plainExcerpt(html)).toBe("café costs €3 — 1/2. Why?");
  });
});
