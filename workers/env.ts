import type { JobMessage } from "~/domain/jobs/job-messages";
import type { TestSession } from "./test-session";

/** The Worker's bindings and variables, typed once (see wrangler.toml and README). */
export interface Env {
  DB: D1Database;
  TEST_SESSION: DurableObjectNamespace<TestSession>;
  JOBS: Queue<JobMessage>;
  ASSETS: Fetcher;
  /** "development" for `npm start` and tests; anything else is treated as production. */
  ENVIRONMENT?: string;
  /** Signs session cookies. Required in production; several may be given comma-separated (rotation). */
  SESSION_SECRET?: string;
  ADMIN_EMAILS?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** Space-separated; defaults to "openid email profile". */
  OIDC_SCOPES?: string;
  /** Public origin (https://tests.district.org) used for the OIDC redirect; defaults to the request's. */
  APP_ORIGIN?: string;
}
