import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";

import { NonceProvider } from "~/components/nonce";
import { InlineCssProvider, STYLESHEET_HREF } from "~/components/page-styles";
import { inlinesStylesheet } from "~/domain/shell/student-paths";

const ABORT_DELAY_MS = 5000;

/** The compiled stylesheet's text, read once per isolate from the static assets (it never changes within a deploy). */
let stylesheetText: Promise<string> | null = null;
function inlineCss(request: Request, loadContext: AppLoadContext): Promise<string> {
  if (!inlinesStylesheet(new URL(request.url).pathname)) return Promise.resolve("");
  stylesheetText ??= loadContext.cloudflare.env.ASSETS.fetch(new URL(STYLESHEET_HREF, request.url))
    .then((response) => (response.ok ? response.text() : ""))
    .catch(() => "");
  // A failed read is not cached: the next page tries again (the linked stylesheet still styles this one).
  return stylesheetText.then((css) => {
    if (!css) stylesheetText = null;
    return css;
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);

  // The Content-Security-Policy (set on every response in workers/app.ts) allows inline scripts
  // only with this nonce: Remix's, React's streaming ones, and <Scripts>/<ScrollRestoration>.
  const { nonce } = loadContext;
  const css = await inlineCss(request, loadContext);
  const body = await renderToReadableStream(
    <NonceProvider nonce={nonce}>
      <InlineCssProvider css={css}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </InlineCssProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout)).catch(() => clearTimeout(timeout));

  // Crawlers and no-JavaScript clients get the whole page at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  // Security headers are added to every response, not only pages, by workers/app.ts.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
