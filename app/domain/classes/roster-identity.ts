import { z } from "zod";

import { addressKey, MINUTE, type ThrottleKey, type ThrottlePolicy } from "~/domain/throttle";

import { GUESS_ADDRESS_POLICY } from "./guess-throttle";

/**
 * Who a student in a rostered class is (ADR 0029): a student on the roster confirms their name
 * with their class PIN, or scans their badge, whose QR code holds a secret that signs them in to
 * that class. The PIN and the badge belong to one student in one class; a teacher can print them,
 * reset the count of wrong PINs and issue a new badge (which also changes the PIN).
 */

export const PIN_LENGTH = 6;
/** The refusals a student meets: catalog codes, rendered in the request's language at the edge (ADR 0045). */
export const NOT_ON_ROSTER = "join.notOnRoster";
export const WRONG_PIN = "join.wrongPin";
export const CLASS_CHANGED = "join.classChanged";
export const PICK_YOUR_NAME = "join.pickYourName";
export const PIN_REQUIRED = "join.pinRequired";
export const NOT_YOURSELF = "join.notYourself";
export const BADGE_NOT_VALID = "join.badgeNotValid";

const randomBytes = (size: number) => crypto.getRandomValues(new Uint8Array(size));

/** Six digits, each as likely as any other (a byte's value below 250 taken modulo 10). */
export function generatePin(random: (size: number) => Uint8Array = randomBytes): string {
  let pin = "";
  while (pin.length < PIN_LENGTH) {
    for (const byte of random(PIN_LENGTH)) if (byte < 250 && pin.length < PIN_LENGTH) pin += String(byte % 10);
  }
  return pin;
}

/** 160 random bits as hex: the badge's secret, which nobody can guess. */
export function generateBadgeToken(random: (size: number) => Uint8Array = randomBytes): string {
  return Array.from(random(20), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A typed PIN: digits only, spaces ignored (a badge may print "123 456"). The join screen's form
 * says why with the catalog code; the API's zod errors are sentences (their field is named before them).
 */
export const pinFieldSaying = (message: string) =>
  z
    .string({ invalid_type_error: message })
    .transform((pin) => pin.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), message));
export const pinField = pinFieldSaying(PIN_REQUIRED);

/** Compares every digit whatever the first difference, so the time taken says nothing about the PIN. */
export function samePin(typed: string, stored: string | null): boolean {
  if (stored === null || typed.length !== stored.length) return false;
  let difference = 0;
  for (let index = 0; index < typed.length; index++) difference |= typed.charCodeAt(index) ^ stored.charCodeAt(index);
  return difference === 0;
}

/**
 * Wrong PINs per student: five free, then a wait that doubles from 30 seconds to 15 minutes, so a
 * classmate cannot try the million PINs (about a dozen tries an hour) and nobody is locked out for
 * good. A teacher's reset forgets them at once.
 */
const PIN_STUDENT_POLICY: ThrottlePolicy = { freeFailures: 5, firstDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietPeriodMs: 60 * MINUTE };

export const pinStudentKey = (memberId: string) => `pin-student:${memberId}`;

/** The throttles a PIN passes: the client address (shared with join and resume codes), then the student. */
export function pinThrottles(clientAddress: string | null, memberId: string): ThrottleKey[] {
  return [
    { key: `guess-address:${addressKey(clientAddress)}`, policy: GUESS_ADDRESS_POLICY },
    { key: pinStudentKey(memberId), policy: PIN_STUDENT_POLICY },
  ];
}
