import { describe, expect, it } from "vitest";

import {
  invitationCreateSchema,
  invitationEmail,
  invitationExpiry,
  invitationState,
  invitationTokenHash,
  isInvitationToken,
  newInvitationToken,
  quotedPrintable,
} from "./invitations";

const NOW = new Date("2026-11-27T12:00:00Z");

describe("invitation links", () => {
  it("are random 43-character base64url tokens, stored as their SHA-256 in hex", async () => {
    const token = newInvitationToken();
    expect(isInvitationToken(token)).toBe(true);
    expect(newInvitationToken()).not.toBe(token);
    expect(await invitationTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(isInvitationToken("../../etc")).toBe(false);
  });

  it("last seven days, and are pending until accepted, revoked or past their expiry", () => {
    const expiresAt = invitationExpiry(NOW);
    expect(expiresAt.toISOString()).toBe("2026-12-04T12:00:00.000Z");
    const link = { acceptedAt: null, revokedAt: null, expiresAt };
    expect(invitationState(link, NOW)).toBe("pending");
    expect(invitationState(link, expiresAt)).toBe("expired");
    expect(invitationState({ ...link, revokedAt: NOW }, NOW)).toBe("revoked");
    expect(invitationState({ ...link, acceptedAt: NOW, revokedAt: NOW }, NOW)).toBe("accepted");
  });

  it("are for a teacher or a district admin at a valid address, kept in lower case", () => {
    expect(invitationCreateSchema.parse({ email: " Ann@School.Example ", role: "admin" })).toEqual({ email: "ann@school.example", role: "admin" });
    expect(invitationCreateSchema.safeParse({ email: "ann@school.example", role: "student" }).success).toBe(false);
    expect(invitationCreateSchema.safeParse({ email: "ann", role: "teacher" }).success).toBe(false);
    expect(invitationCreateSchema.safeParse({ email: "ann@school.example", role: "teacher", givenName: "A\u0007" }).success).toBe(false);
  });
});

describe("the invitation e-mail", () => {
  it("is a plain-text RFC 5322 message whose body carries the link, quoted-printable", () => {
    const url = `https://tests.district.example/invite/${"a".repeat(43)}`;
    const { raw } = invitationEmail({
      from: "no-reply@district.example",
      to: "zoe@school.example",
      url,
      purpose: "invite",
      givenName: "Zoë",
      now: NOW,
      messageId: "m1@district.example",
    });
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
    expect(head).toBe(
      [
        "From: no-reply@district.example",
        "To: zoe@school.example",
        "Subject: Set up your Adaptive Testing Engine account",
        "Date: Fri, 27 Nov 2026 12:00:00 GMT",
        "Message-ID: <m1@district.example>",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
      ].join("\r\n"),
    );
    expect(body).toContain("Hello Zo=C3=AB,");
    expect(body.replace(/=\r\n/g, "")).toContain(url);
    for (const line of body.split("\r\n")) expect(line.length).toBeLessThanOrEqual(76);
  });

  it("quoted-printable never splits an escape and keeps a trailing space", () => {
    const encoded = quotedPrintable(`${"x".repeat(74)}é end `);
    expect(encoded.split("\r\n").every((line) => line.length <= 76)).toBe(true);
    expect(encoded.replace(/=\r\n/g, "")).toBe(`${"x".repeat(74)}=C3=A9 end=20`);
  });
});
