import type { ItemCalibratorRpc } from "~/domain/adaptive/calibrator-contract";
import type { ClassLiveRpc } from "~/domain/classes/live-contract";
import type { JobMessage } from "~/domain/jobs/job-messages";
import type { TestSessionRpc } from "~/domain/sessions/session-contract";

/**
 * The Worker's bindings and variables, typed once (see wrangler.toml and README). It lives in
 * app/ so loaders and services can use it without importing workers/ (a lint rule forbids that):
 * the Durable Object binding is typed by its RPC contract, which workers/test-session.ts implements.
 */
export interface Env {
  DB: D1Database;
  TEST_SESSION: DurableObjectNamespace<TestSessionRpc>;
  /** The one writer of item parameters (ADR 0033). */
  ITEM_CALIBRATOR: DurableObjectNamespace<ItemCalibratorRpc>;
  /** One object per class: the live state of its students testing (ADR 0046). */
  CLASS_LIVE: DurableObjectNamespace<ClassLiveRpc>;
  JOBS: Queue<JobMessage>;
  /** Finished sessions' archives, one object a session (ADR 0048). */
  ARCHIVES: R2Bucket;
  /** Roster bundles too large for one request, kept while the queue imports them in parts (ADR 0050). */
  IMPORTS: R2Bucket;
  /** A OneRoster bundle whose files declare more bytes than this is read by the queue in parts (ADR 0050); 2,000,000 when unset. */
  ROSTER_IN_PARTS_ABOVE_BYTES?: string;
  /** People a part of such a bundle holds (ADR 0050); 2,500 when unset. */
  ROSTER_USERS_PER_PART?: string;
  ASSETS: Fetcher;
  /**
   * Workers AI (wrangler.toml `[ai]`): grades when no AI_API_KEY is set (ADR 0035). Absent under
   * `npm start` and in tests unless they bind the local stub (tests/support/workers-ai-stub.ts).
   */
  AI?: Ai;
  /**
   * Cloudflare's `send_email` binding (wrangler.toml, commented out): with it, invitations and
   * sign-in resets are e-mailed (ADR 0040); without it the admin is shown the link to pass on.
   */
  EMAIL?: SendEmail;
  /** The sender of those e-mails (an address on the zone's Email Routing); defaults to no-reply@ the app's host. */
  EMAIL_FROM?: string;
  /** "development" for `npm start` and tests; anything else is treated as production. */
  ENVIRONMENT?: string;
  /** Signs session cookies. Required in production; several may be given comma-separated (rotation). */
  SESSION_SECRET?: string;
  /** Keys the hashes kept of students deleted on request (ADR 0028); the session secret when unset. */
  DELETION_KEY?: string;
  ADMIN_EMAILS?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  /** Space-separated; defaults to "openid email profile". */
  OIDC_SCOPES?: string;
  /** Public origin (https://tests.district.org) used for the OIDC redirect; defaults to the request's. */
  APP_ORIGIN?: string;
  /** AI provider (README "AI"): with no key the offline provider serves every task. */
  AI_API_KEY?: string;
  /** Any OpenAI-compatible base URL (vLLM, Ollama, LiteLLM, Azure OpenAI v1, Workers AI's REST API); OpenAI's when empty. */
  AI_BASE_URL?: string;
  /** Maps the product's model names to the provider's: "gpt-5-2025-08-07=llama3.1:8b,*=llama3.1:8b". */
  AI_MODEL_MAP?: string;
  /** The Workers AI model the `AI` binding grades with (default @cf/meta/llama-3.3-70b-instruct-fp8-fast). */
  AI_WORKERS_MODEL?: string;
  /** Milliseconds one model call may take before it is retried (default 30000). */
  AI_TIMEOUT_MS?: string;
  /** Retries of a model call on 429, 5xx, capacity errors and timeouts, with backoff (default 2). */
  AI_MAX_RETRIES?: string;
  /** Hours after a session is complete and written to D1 that its object moves it to its archive in R2 and empties its storage (default 168). */
  SESSION_ARCHIVE_AFTER_HOURS?: string;
  /** Milliseconds a request waits for its AI job before answering 202 with the job to poll (default 25000). */
  AI_WAIT_MS?: string;
}
