import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The page the browser last showed, kept outside any component: a move between the dashboard and an
 * admin page mounts a new shell, and its first render must still count as a move.
 */
let shownPath: string | null = null;

/**
 * After an in-app move to another page (not a change of filters in the URL), focus goes to the new
 * page's h1, or its main region when it has none: a keyboard or screen-reader user starts reading the
 * page they asked for, instead of from a `<body>` focus left behind by the link they pressed (WCAG 2.4.3).
 * A page loaded from the server keeps the browser's own start.
 */
export function useFocusHeadingOnNavigation(mainId: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    const moved = shownPath !== null && shownPath !== pathname;
    shownPath = pathname;
    if (!moved) return;
    const main = document.getElementById(mainId);
    const heading = main?.querySelector<HTMLElement>("h1") ?? null;
    if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    (heading ?? main)?.focus();
  }, [mainId, pathname]);
}
