import { useLoaderData } from "@remix-run/react";

import type { Area, Catalog } from "~/domain/i18n/catalog";

/**
 * An area of the catalog as the test page's own loader sent it (ADR 0045), for the screens whose
 * code loads when they show (mode selection, break, tools). Read from the route's data here rather
 * than through `useMessages`, their code shares no module with the page's first load (its budget).
 */
export function useLoaderArea<A extends Area>(area: A): Catalog[A] {
  const data: unknown = useLoaderData();
  return (data as { messages: Pick<Catalog, A> }).messages[area];
}
