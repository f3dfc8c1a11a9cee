import { createContext, type ReactNode, useContext } from "react";

/**
 * This request's Content-Security-Policy nonce, provided by entry.server.tsx so `<Scripts>` and
 * `<ScrollRestoration>` can mark their inline scripts. In the browser it is empty: inline
 * scripts only run from the server's HTML, and browsers hide the nonce from the DOM anyway.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
