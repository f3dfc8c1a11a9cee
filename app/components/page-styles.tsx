import { useLocation } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useState } from "react";

import { inlinesStylesheet } from "~/domain/shell/student-paths";
import stylesheet from "~/styles/tailwind.css";

import { useNonce } from "./nonce";

/**
 * The stylesheet, and how a page gets it. Student pages must paint their first question within 3 s
 * on "Slow 3G" (2 s a round trip: the design's budgets), which a render-blocking stylesheet makes
 * impossible: the HTML and then the CSS take two round trips. So a student page's (and the landing
 * page's) server HTML
 * carries the CSS inline (entry.server.tsx provides its text), and the same stylesheet is linked at
 * the end of the body, where it blocks nothing, for client-side navigation and the cache. Other
 * pages link it in the head as usual. In the browser the inline text is empty: React does not
 * compare inner HTML when it hydrates, so the server's styles stay. The choice is made once per
 * document, by the page it was loaded on, so client-side navigation never mounts a new inline
 * <style> (which the Content-Security-Policy would refuse without the server's nonce).
 */
const InlineCssContext = createContext("");

export function InlineCssProvider({ css, children }: { css: string; children: ReactNode }) {
  return <InlineCssContext.Provider value={css}>{children}</InlineCssContext.Provider>;
}

export const STYLESHEET_HREF = stylesheet;

/** Whether this document was served with the stylesheet inline: decided by its first page, then kept. */
function useInlinedDocument(): boolean {
  const pathname = useLocation().pathname;
  const [inlined] = useState(() => inlinesStylesheet(pathname));
  return inlined;
}

export function HeadStyles() {
  const inline = useInlinedDocument();
  const css = useContext(InlineCssContext);
  const nonce = useNonce();
  if (!inline) return <link rel="stylesheet" href={stylesheet} />;
  // The app's own compiled stylesheet, never user content.
  return <style nonce={nonce} data-inline-css="" dangerouslySetInnerHTML={{ __html: css }} />;
}

export function BodyEndStyles() {
  return useInlinedDocument() ? <link rel="stylesheet" href={stylesheet} /> : null;
}
