import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  TRUSTED_DEVICE_POLICY,
  type ThrottlePolicy,
} from "./sign-in-throttle";

/**
 * Which throttles a sign-in attempt must pass. Keys share one table, so each kind has a prefix.
 *
 * - A stranger's browser: the account's throttle and the client address's throttle.
 * - A browser already trusted for this account (it signed in to it before, or holds a valid
 *   session for it): only that browser's own throttle, so strangers' failures against the
 *   account or from a shared school address never keep its owner out. Its own failures still
 *   slow it down, so a stolen trusted browser is no better for guessing than any other.
 */
export type ThrottleKey = { key: string; policy: ThrottlePolicy };

/** When the request carries no client address (local runs, tests), everyone shares this one. */
export const UNKNOWN_ADDRESS = "unknown";

export function throttlesFor(attempt: {
  normalizedEmail: string;
  clientAddress: string | null;
  trustedDeviceId: string | null;
}): ThrottleKey[] {
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

/**
 * The address a throttle counts against. IPv6 clients usually hold a whole /64, so counting
 * single IPv6 addresses would give one attacker billions of fresh counts.
 */
export function addressKey(clientAddress: string | null): string {
  const address = clientAddress?.trim().toLowerCase() ?? "";
  if (!address) return UNKNOWN_ADDRESS;
  if (!address.includes(":")) return address.slice(0, 64);
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address.slice(0, 64);
}

/** "2001:db8::1" → ["2001", "db8", "0", "0", "0", "0", "0", "1"], or null when malformed. */
function expandIpv6(address: string): string[] | null {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailParts];
  if (!parts.slice(0, 4).every((part) => /^[0-9a-f]{1,4}$/.test(part))) return null;
  return parts.map((part) => part.replace(/^0+(?=.)/, ""));
}
