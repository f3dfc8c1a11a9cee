import { useMatches } from "@remix-run/react";

import type { Area, Catalog } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

type PageData = { locale?: AnyLocale; messages?: Partial<Catalog> } | undefined;

/**
 * An area of the catalog as the page's loaders sent it (ADR 0045): the deepest route that sent it
 * wins, the root sends `common`. The catalog itself is never in a page's JavaScript.
 */
export function useMessages<A extends Area>(area: A): Catalog[A] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const found = (matches[i]!.data as PageData)?.messages?.[area];
    if (found) return found;
  }
  throw new Error(`No loader of this page sent the ${area} messages`);
}

/** The page's language: the deepest loader that names one; English for the pages that stay English (staff screens). */
export function usePageLocale(): AnyLocale {
  const matches = useMatches();
  for (let i = matches.length - 1; i > 0; i--) {
    const locale = (matches[i]!.data as PageData)?.locale;
    if (locale) return locale;
  }
  // A page only the root's data reaches (a student page's not-found page, the join screen at the
  // role gate) is in the root's language, which is English where the page stays English (services/root-data.server.ts).
  return (matches[0]?.data as PageData)?.locale ?? "en";
}
