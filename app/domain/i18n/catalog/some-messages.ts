import type { AnyLocale } from "../locale";
import { type Area, type Catalog, catalogOf } from "./index";

/**
 * Only these keys of an area, for a page whose state shows a few of its texts (ADR 0045): the
 * page's HTML then says only what it shows (a signed-in student's join step never names the class
 * PIN they are not asked for). `useMessages` reads it as the area; the page reads only these keys.
 */
export function someMessages<A extends Area>(locale: AnyLocale, area: A, keys: (keyof Catalog[A])[]): Catalog[A] {
  const messages = catalogOf(locale)[area];
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as unknown as Catalog[A];
}
