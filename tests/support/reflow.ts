import type { Page } from "playwright-core";

/**
 * Measures of a page's reflow (WCAG 1.4.10) and text spacing (WCAG 1.4.12), shared by
 * accessibility-sweep.test.ts and accommodations.test.ts.
 */

export type Overflow = { scrollWidth: number; offenders: string[] };

/**
 * The page's width and the visible elements that reach past the right edge of a `viewport`
 * px wide screen, outside a box that scrolls sideways (a wide table may scroll inside its own
 * box). Fitting by squeezing is no better: a long heading in a sliver, a word broken over lines.
 */
export function sidewaysOverflow(page: Page, viewport: number): Promise<Overflow> {
  return page.evaluate((viewport) => {
    const scrollsSideways = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrollsSideways(parent)) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").slice(0, 3).join(".")} [${Math.round(rect.left)}–${Math.round(rect.right)}] "${text}"`;
    };
    const elements = [...document.body.querySelectorAll("*")];
    const tooWide = elements.filter((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      return rect.right > viewport + 1 && !insideScroller(element);
    });
    const squeezed = elements.filter((element) => {
      if (!/^H[1-3]$/.test(element.tagName) || (element.textContent ?? "").trim().length < 40) return false;
      const { width } = element.getBoundingClientRect();
      return width > 0 && width < viewport / 2;
    });
    const brokenWords = elements.filter((element) => {
      if (element.children.length || !/^[A-Za-z]{4,}$/.test((element.textContent ?? "").trim())) return false;
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length > 1;
    });
    const offenders = [
      ...tooWide.map(describe),
      ...squeezed.map((element) => `squeezed: ${describe(element)}`),
      ...brokenWords.map((element) => `word broken: ${describe(element)}`),
    ];
    return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 8) };
  }, viewport);
}

/**
 * Applies WCAG 1.4.12's text spacing (line height 1.5, paragraphs 2 em apart, letters 0.12 em,
 * words 0.16 em) as a user's stylesheet would, and lists the visible elements whose text it cut:
 * those that fitted their box before and now reach past it where the box hides its overflow.
 * The sheet is a constructed one, which the page's Content-Security-Policy does not govern; it is
 * removed again before answering.
 */
export function textClippedBySpacing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hides = (value: string) => value === "hidden" || value === "clip";
    const clippedNow = () =>
      new Set(
        [...document.body.querySelectorAll("*")].filter((element) => {
          // Hidden, or hidden for everyone but screen readers (sr-only, clipped on purpose).
          if (!(element instanceof HTMLElement) || !element.offsetParent || element.clientWidth <= 1 || element.clientHeight <= 1) return false;
          if (!(element.textContent ?? "").trim()) return false;
          const style = getComputedStyle(element);
          return (
            (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
            (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
          );
        }),
      );
    const before = clippedNow();
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const cut = [...clippedNow()].filter((element) => !before.has(element));
    const described = cut.slice(0, 8).map((element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}.${String(element.className).split(" ").slice(0, 4).join(".")} (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}) "${text}"`;
    });
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((each) => each !== sheet);
    return described;
  });
}
