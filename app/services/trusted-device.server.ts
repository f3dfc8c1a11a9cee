import { createCookie } from "@remix-run/cloudflare";

import type { AppConfig } from "./config.server";

/**
 * "This browser has signed in to these accounts before." After a successful local sign-in the
 * browser gets a long-lived signed cookie naming it (a random id) and the accounts it signed
 * in to (hashes of the normalised e-mails, so the cookie does not carry the addresses). A
 * sign-in from it to one of those accounts is throttled only by its own failures, so a
 * stranger's failures never keep the account's owner out (ADR 0002).
 */
type TrustedDevice = { deviceId: string; accountHashes: string[] };

const COOKIE_NAME = "__trusted_device";
const SIX_MONTHS_SECONDS = 60 * 60 * 24 * 182;
/** A shared classroom computer may be trusted for a few teachers; the oldest drop off. */
const MAX_ACCOUNTS = 8;

function trustedDeviceCookie(config: AppConfig) {
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: !config.isDevelopment,
    // Only the sign-in form needs it.
    path: "/login",
    secrets: config.sessionSecrets,
    maxAge: SIX_MONTHS_SECONDS,
  });
}

async function accountHash(normalizedEmail: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`sign-in:${normalizedEmail}`));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function isTrustedDevice(value: unknown): value is TrustedDevice {
  if (typeof value !== "object" || value === null) return false;
  const { deviceId, accountHashes } = value as Record<string, unknown>;
  return (
    typeof deviceId === "string" && /^[0-9a-f-]{36}$/.test(deviceId) && Array.isArray(accountHashes) && accountHashes.every((hash) => typeof hash === "string")
  );
}

/** The device named by a validly signed cookie, or null (absent, tampered with, or signed with a retired secret). */
async function readTrustedDevice(request: Request, config: AppConfig): Promise<TrustedDevice | null> {
  try {
    const value: unknown = await trustedDeviceCookie(config).parse(request.headers.get("Cookie"));
    return isTrustedDevice(value) ? value : null;
  } catch {
    return null;
  }
}

/** The device id when the request's browser is trusted for this account. */
export async function trustedDeviceFor(request: Request, config: AppConfig, normalizedEmail: string): Promise<string | null> {
  const device = await readTrustedDevice(request, config);
  if (!device) return null;
  return device.accountHashes.includes(await accountHash(normalizedEmail)) ? device.deviceId : null;
}

/** The Set-Cookie value that records this account as trusted on the request's browser. */
export async function trustDevice(request: Request, config: AppConfig, normalizedEmail: string): Promise<string> {
  const device = await readTrustedDevice(request, config);
  const hash = await accountHash(normalizedEmail);
  const accountHashes = [hash, ...(device?.accountHashes ?? []).filter((other) => other !== hash)].slice(0, MAX_ACCOUNTS);
  const trusted: TrustedDevice = { deviceId: device?.deviceId ?? crypto.randomUUID(), accountHashes };
  return trustedDeviceCookie(config).serialize(trusted);
}
