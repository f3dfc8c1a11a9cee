import type { Database } from "~/db/client.server";
import type { Env } from "~/env";
import type { AppConfig } from "~/services/config.server";

/** What every loader and action receives, built once per request in workers/app.ts. */
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: AppConfig;
    db: Database;
    /** This request's Content-Security-Policy nonce for inline scripts (security-headers.server.ts). */
    nonce: string;
  }
}

export {};
