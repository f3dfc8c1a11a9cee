import { addressKey, type ThrottleKey } from "~/domain/throttle";

import { ACCOUNT_POLICY, ADDRESS_POLICY, TRUSTED_DEVICE_POLICY } from "./sign-in-throttle";

/**
 * Which throttles a sign-in attempt must pass. Keys share one table, so each kind has a prefix.
 *
 * - A stranger's browser: the account's throttle and the client address's throttle.
 * - A browser already trusted for this account (it signed in to it before, or holds a valid
 *   session for it): only that browser's own throttle, so strangers' failures against the
 *   account or from a shared school address never keep its owner out. Its own failures still
 *   slow it down, so a stolen trusted browser is no better for guessing than any other.
 */
export function throttlesFor(attempt: { normalizedEmail: string; clientAddress: string | null; trustedDeviceId: string | null }): ThrottleKey[] {
  if (attempt.trustedDeviceId) {
    return [{ key: `device:${attempt.trustedDeviceId}`, policy: TRUSTED_DEVICE_POLICY }];
  }
  // The address first: an address already held back never touches the account's count.
  return [
    { key: `address:${addressKey(attempt.clientAddress)}`, policy: ADDRESS_POLICY },
    { key: `account:${attempt.normalizedEmail}`, policy: ACCOUNT_POLICY },
  ];
}

/** True for the throttles a success clears (the account's and the device's, never an address's). */
export function isClearedBySuccess(key: string): boolean {
  return !key.startsWith("address:");
}
