import { describe, expect, it } from "vitest";

import { addressKey, UNKNOWN_ADDRESS } from "~/domain/throttle";

import { ACCOUNT_POLICY, ADDRESS_POLICY, TRUSTED_DEVICE_POLICY } from "./sign-in-throttle";
import { isClearedBySuccess, throttlesFor } from "./sign-in-throttle-keys";

describe("throttlesFor", () => {
  it("holds a stranger's browser to the address's and the account's throttles, address first", () => {
    expect(throttlesFor({ normalizedEmail: "t@school.org", clientAddress: "203.0.113.9", trustedDeviceId: null })).toEqual([
      { key: "address:203.0.113.9", policy: ADDRESS_POLICY },
      { key: "account:t@school.org", policy: ACCOUNT_POLICY },
    ]);
  });

  it("holds a browser trusted for the account only to its own throttle", () => {
    expect(throttlesFor({ normalizedEmail: "t@school.org", clientAddress: "203.0.113.9", trustedDeviceId: "d1" })).toEqual([
      { key: "device:d1", policy: TRUSTED_DEVICE_POLICY },
    ]);
  });

  it("counts requests without a client address together", () => {
    const [address] = throttlesFor({ normalizedEmail: "t@school.org", clientAddress: null, trustedDeviceId: null });
    expect(address?.key).toBe(`address:${UNKNOWN_ADDRESS}`);
  });
});

describe("isClearedBySuccess", () => {
  it("clears an account's or a device's count, never an address's (an attacker's own account must not reset it)", () => {
    expect(isClearedBySuccess("account:t@school.org")).toBe(true);
    expect(isClearedBySuccess("device:d1")).toBe(true);
    expect(isClearedBySuccess("address:203.0.113.9")).toBe(false);
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses as they are", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts an IPv6 /64 as one address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("falls back to the shared key when there is no address", () => {
    expect(addressKey(null)).toBe(UNKNOWN_ADDRESS);
    expect(addressKey("  ")).toBe(UNKNOWN_ADDRESS);
  });

  it("keeps malformed values bounded rather than failing", () => {
    expect(addressKey("1::2::3")).toBe("1::2::3");
    expect(addressKey("x".repeat(500))).toHaveLength(64);
  });
});
