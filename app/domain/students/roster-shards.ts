import type { CsvRow } from "~/domain/csv-rows";

import { emptyOutcome, type OneRosterOutcome, refusalOrder } from "./oneroster-plan";
import { listedRows } from "./roster-refusals";

/**
 * A OneRoster bundle too large for one request, read and planned in parts (ADR 0050). The queue
 * reads the zip once, a piece at a time, and deals its rows into parts of about USERS_PER_PART
 * people: a users.csv row goes to the next part with room, unless its sourcedId, identifier or
 * e-mail was on an earlier row (a delta's later version, or a duplicate the plan must refuse
 * against the first), which goes to that row's part; a roles.csv or enrollments.csv row goes to
 * its user's part. Part 0 holds every class; a later part holds the classes its enrollments
 * name, only so they can be found. Each part is then planned as a bundle of its own against what
 * D1 holds once the parts before it are written, so no part holds more than its people.
 */
export const USERS_PER_PART = 2_500;

/** Rows a file of a bundle read in parts may hold: far past a district of 100,000 students (about 650,000 enrollments). */
export const MAX_ROWS_IN_PARTS = 2_000_000;

/** A users.csv row's keys: rows sharing any of them are planned in one part. */
type UserKeys = { sourcedId: string; identifier: string; email: string };

/**
 * A key's 32-bit FNV-1a hash, its kind (sourcedId, identifier, e-mail) mixed in first. The dealer
 * keeps hashes, not the keys: 300,000 strings would hold tens of megabytes of a Worker's 128 MB.
 * Two keys with one hash only put their rows in one part, where the plan is as right as anywhere.
 */
function keyHash(kind: number, key: string): number {
  let hash = (2_166_136_261 ^ kind) >>> 0;
  for (let at = 0; at < key.length; at++) hash = Math.imul(hash ^ key.charCodeAt(at), 16_777_619) >>> 0;
  return hash;
}
const SOURCED_ID = 1;
const IDENTIFIER = 2;
const EMAIL = 3;

/** Which part each user's rows go to. */
export class PartDealer {
  private readonly parts = new Map<number, number>();
  private filling = 0;
  private inFilling = 0;

  constructor(private readonly usersPerPart = USERS_PER_PART) {}

  /** The part a users.csv row goes to. */
  dealUser(keys: UserKeys): number {
    const named = [keyHash(SOURCED_ID, keys.sourcedId)];
    if (keys.identifier) named.push(keyHash(IDENTIFIER, keys.identifier));
    if (keys.email) named.push(keyHash(EMAIL, keys.email.toLowerCase()));
    let part = named.map((key) => this.parts.get(key)).find((found) => found !== undefined);
    if (part === undefined) {
      if (this.inFilling === this.usersPerPart) {
        this.filling++;
        this.inFilling = 0;
      }
      part = this.filling;
      this.inFilling++;
    }
    for (const key of named) if (!this.parts.has(key)) this.parts.set(key, part);
    return part;
  }

  /**
   * The part of a row that names a user (roles, enrollments): the user's; a user users.csv does not
   * list (a delta of enrollments alone) is dealt as one, so such rows are spread over parts too.
   */
  partOfUser(sourcedId: string): number {
    return this.parts.get(keyHash(SOURCED_ID, sourcedId)) ?? this.dealUser({ sourcedId, identifier: "", email: "" });
  }

  /** How many parts there are: at least one, even for a bundle without users. */
  get count(): number {
    return this.filling + 1;
  }
}

/** Rows of one part, by file, waiting to be written as one chunk. */
export type PartChunk = { part: number; rows: Record<string, CsvRow[]> };

/**
 * Characters of rows a part holds in memory before they are written as a chunk: every part fills
 * at once (enrollments come in any order), so 40 parts of 100,000 students hold about 4 million.
 */
const CHUNK_CHARACTERS = 100_000;

/** Rows dealt to parts, handed back as chunks once a part holds CHUNK_CHARACTERS of them, so memory holds a few chunks, never the bundle. */
export class PartBuffers {
  private readonly held = new Map<number, { rows: Record<string, CsvRow[]>; characters: number }>();

  constructor(private readonly chunkCharacters = CHUNK_CHARACTERS) {}

  /** Adds a row; answers the part's chunk when it is full. */
  add(part: number, file: string, row: CsvRow): PartChunk | null {
    const buffer = this.held.get(part) ?? { rows: {}, characters: 0 };
    this.held.set(part, buffer);
    (buffer.rows[file] ??= []).push(row);
    for (const cell of row.cells) buffer.characters += cell.length + 4;
    if (buffer.characters < this.chunkCharacters) return null;
    this.held.delete(part);
    return { part, rows: buffer.rows };
  }

  /** Every part's rows still held. */
  drain(): PartChunk[] {
    const chunks = [...this.held].map(([part, buffer]) => ({ part, rows: buffer.rows }));
    this.held.clear();
    return chunks;
  }
}

/**
 * What a part's plan adds to the import's answer: every part but the first holds its classes only
 * to find them, so their counts and refused rows are the first part's alone.
 */
export function partOutcome(outcome: OneRosterOutcome, part: number): OneRosterOutcome {
  if (part === 0) return outcome;
  const refused = outcome.refused.filter((row) => row.file !== "classes.csv");
  return {
    ...outcome,
    created: { ...outcome.created, classes: 0 },
    updated: { ...outcome.updated, classes: 0 },
    unchanged: { ...outcome.unchanged, classes: 0 },
    refused,
    refusedTotal: outcome.refusedTotal - (outcome.refused.length - refused.length),
  };
}

/** The import's answer from its parts' answers: counts added, refused rows and notes listed in the plan's order as a one-piece import lists them. */
export function mergedOutcome(parts: readonly OneRosterOutcome[], options: { apply: boolean; recreateDeleted: boolean }): OneRosterOutcome {
  const merged = emptyOutcome(options);
  for (const part of parts) {
    for (const kind of ["created", "updated", "unchanged"] as const)
      for (const key of Object.keys(merged[kind]) as (keyof OneRosterOutcome["created"])[]) merged[kind][key] += part[kind][key];
    merged.removed.enrollments += part.removed.enrollments;
    merged.refused.push(...part.refused);
    merged.refusedTotal += part.refusedTotal;
    merged.notes.push(...part.notes);
    merged.notesTotal += part.notesTotal;
    merged.deletedOnRequest.push(...part.deletedOnRequest);
  }
  merged.refused.sort(refusalOrder);
  merged.notes.sort(refusalOrder);
  merged.deletedOnRequest.sort(refusalOrder);
  return listedRows(merged);
}
