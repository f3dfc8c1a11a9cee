import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Keyboard-only journeys (docs/accessibility.md): moving focus by key, checking each stop's focus indicator. */

type Stop = { name: string; problem: string | null };

/**
 * Presses a key, then reads the focused element's accessible name (roughly: aria-label,
 * aria-labelledby, its label, its text) and checks the focus indicator two ways: the focused
 * element matches :focus-visible with an outline or a box shadow, and the element focused before
 * looks different now that it has lost focus.
 */
export async function press(page: Page, key: string): Promise<Stop> {
  await page.keyboard.press(key);
  return page.evaluate(() => {
    const memory = window as unknown as { lastStop?: { element: Element; focusedLook: string; name: string } };
    const look = (element: Element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow}`;
    };
    const element = document.activeElement ?? document.body;
    const labelledBy = element.getAttribute("aria-labelledby");
    const name = (
      element.getAttribute("aria-label") ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      (element as HTMLElement).innerText ??
      ""
    ).trim();
    const problems: string[] = [];
    const previous = memory.lastStop;
    if (previous && previous.element === element && element !== document.body) problems.push(`focus stayed on "${name}"`);
    if (previous && previous.element !== element && previous.element.isConnected && look(previous.element) === previous.focusedLook)
      problems.push(`"${previous.name}" looks the same focused and unfocused`);
    if (element === document.body) {
      memory.lastStop = undefined;
      return { name: "", problem: problems[0] ?? null };
    }
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    if (!element.matches(":focus-visible") || !ring) problems.push(`"${name}" has no visible focus indicator`);
    memory.lastStop = { element, focusedLook: look(element), name };
    return { name, problem: problems[0] ?? null };
  });
}

/** Tab (or Shift+Tab) until the focused element's name matches, checking every stop on the way. */
export async function tabTo(page: Page, name: string | RegExp, { back = false, cap = 60 } = {}): Promise<void> {
  const wanted = typeof name === "string" ? (text: string) => text === name : (text: string) => name.test(text);
  const seen: string[] = [];
  for (let step = 0; step < cap; step++) {
    const stop = await press(page, back ? "Shift+Tab" : "Tab");
    expect(stop.problem).toBeNull();
    seen.push(stop.name);
    if (wanted(stop.name)) return;
  }
  throw new Error(`No focus on ${String(name)} after ${cap} presses of ${back ? "Shift+Tab" : "Tab"}: ${seen.join(" → ")}`);
}

export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return (element?.getAttribute("aria-label") ?? (element as HTMLElement | null)?.innerText ?? "").trim();
  });
}

/**
 * Puts focus somewhere as the page itself does (a heading on arrival): the next key press is then
 * judged from there, not from the last stop a key reached.
 */
export async function focusOn(page: Page, selector: string): Promise<void> {
  await page.locator(selector).focus();
  await page.evaluate(() => {
    delete (window as unknown as { lastStop?: unknown }).lastStop;
  });
}
