import { Inflate } from "fflate";

import { joinBytes } from "./bytes";

/** What went wrong, with the values its words name, for a caller that writes them in another language. */
export type ZipProblem = "twice" | "encrypted" | "compression" | "notUtf8" | "memberTooLarge" | "totalTooLarge" | "ratio" | "tooManyFiles";

/** Why an uploaded zip cannot be read, in words for the person who uploaded it, and as a problem with its values. */
export class ZipReadError extends Error {
  constructor(
    message: string,
    readonly problem?: ZipProblem,
    readonly values: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** Bytes that are not a zip archive (or a broken one). */
export class NotAZipError extends ZipReadError {
  constructor() {
    super("The file is not a zip archive that can be read.");
  }
}

/** A zip that holds more than its reader allows: the message names the limit. */
export class ZipLimitError extends ZipReadError {}

/**
 * What a zip may hold, checked as its bytes inflate: the sizes its headers declare are never
 * trusted, since a zip can claim a small file and inflate to gigabytes.
 */
export type ZipLimits = {
  /** Entries in the zip's directory, read or not. */
  maxMembers: number;
  /** Inflated bytes of one file read. */
  maxMemberBytes: number;
  /** Inflated bytes of all the files read together. */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte, once a file has inflated past RATIO_GRACE_BYTES. */
  maxRatio: number;
};

/** Small files may compress far better than the ratio (a header and a few repeated rows); past this they may not. */
const RATIO_GRACE_BYTES = 1_000_000;
/** Compressed bytes handed to the inflater at a time: one push can inflate to at most about 1,000 times this. */
const PUSH_BYTES = 4_096;

const LOCAL_HEADER = 0x04034b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

const unreadable = () => new NotAZipError();
const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;

type Member = { name: string; method: number; encrypted: boolean; compressedSize: number; size: number; localHeader: number };

/**
 * The text of the files a zip holds whose names (folders stripped, lower case) `wanted` accepts,
 * by that name. Only those are inflated, a few kilobytes at a time, and each step is checked
 * against `limits`, so a zip bomb or a header that lies about a size is refused (ZipLimitError)
 * after inflating at most the limit, not after filling the memory. The text must be UTF-8: bytes
 * that are not would be read as U+FFFD, and the names in them stored wrong.
 */
export function readZipTexts(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits): Map<string, string> {
  const texts = new Map<string, string>();
  const total = { bytes: 0 };
  for (const [name, member] of wantedMembers(bytes, wanted, limits)) {
    const chunks: Uint8Array[] = [];
    let inflated = 0;
    const count = inflatedCounter(name, limits, total);
    const take = (chunk: Uint8Array, compressedSoFar: number) => {
      inflated = count(chunk.length, compressedSoFar);
      chunks.push(chunk);
    };
    const data = memberData(bytes, member);
    if (member.method === 0) take(data, data.length);
    else inflate(data, take);
    texts.set(name, decodeText(name, chunks, inflated));
  }
  return texts;
}

/**
 * The members `wanted` accepts by base name (folders stripped, lower case), each once, stored or
 * deflated and not encrypted; anything else is refused as `readZipTexts` refuses it.
 */
function wantedMembers(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits): Map<string, Member> {
  const members = new Map<string, Member>();
  for (const member of readDirectory(bytes, limits.maxMembers)) {
    const name = baseName(member.name);
    if (member.name.startsWith("__MACOSX/") || !wanted(name)) continue;
    if (members.has(name)) throw new ZipReadError(`The zip holds ${name} twice.`, "twice", { name });
    if (member.encrypted) throw new ZipReadError(`${name} is encrypted.`, "encrypted", { name });
    if (member.method !== 0 && member.method !== 8) throw new ZipReadError(`${name} is compressed in a way this import cannot read.`, "compression", { name });
    members.set(name, member);
  }
  return members;
}

/** Counts a member's inflated bytes (and all members' in `total`) against `limits`: answers the member's bytes so far, or throws ZipLimitError. */
function inflatedCounter(name: string, limits: ZipLimits, total: { bytes: number }) {
  let inflated = 0;
  return (length: number, compressedSoFar: number): number => {
    inflated += length;
    total.bytes += length;
    if (inflated > limits.maxMemberBytes) {
      const limit = megabytes(limits.maxMemberBytes);
      throw new ZipLimitError(`${name} inflates to more than ${limit}; a file may hold at most ${limit}.`, "memberTooLarge", { name, limit });
    }
    if (total.bytes > limits.maxTotalBytes) {
      const limit = megabytes(limits.maxTotalBytes);
      throw new ZipLimitError(`The files inflate to more than ${limit}; together they may hold at most ${limit}.`, "totalTooLarge", { limit });
    }
    if (inflated > RATIO_GRACE_BYTES && inflated > limits.maxRatio * compressedSoFar) throw ratioError(name, limits);
    return inflated;
  };
}

const ratioError = (name: string, limits: ZipLimits) =>
  new ZipLimitError(`${name} inflates to more than ${limits.maxRatio} times its compressed size, the most a file may.`, "ratio", {
    name,
    ratio: limits.maxRatio,
  });

/**
 * The bytes the wanted members say they inflate to, from the zip's directory. A header may lie, so
 * this only chooses how a file is read; the limits are checked on the bytes themselves.
 */
export function declaredZipBytes(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits): number {
  let declared = 0;
  for (const [name, member] of wantedMembers(bytes, wanted, limits)) {
    // A file that says it inflates past the ratio is refused before anything is inflated.
    if (member.size > RATIO_GRACE_BYTES && member.size > limits.maxRatio * member.compressedSize) throw ratioError(name, limits);
    declared += member.size;
  }
  return declared;
}

/**
 * A zip read one member at a time without holding any member's text whole (ADR 0050): `names` are
 * the wanted members there are; `text(name)` yields that member's text in pieces of up to about
 * `PIECE_CHARACTERS` as it inflates, counted against `limits` (all members read together share
 * the total), or nothing for a member the zip does not hold.
 */
export function zipTextStream(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits) {
  const members = wantedMembers(bytes, wanted, limits);
  const total = { bytes: 0 };
  return {
    names: new Set(members.keys()),
    *text(name: string): Generator<string> {
      const member = members.get(name);
      if (!member) return;
      const count = inflatedCounter(name, limits, total);
      const decoder = new TextDecoder("utf-8", { fatal: true });
      const decode = (chunk: Uint8Array, more: boolean) => {
        try {
          return decoder.decode(chunk, { stream: more });
        } catch {
          throw new ZipReadError(`${name} is not UTF-8 text: export it as UTF-8.`, "notUtf8", { name });
        }
      };
      const data = memberData(bytes, member);
      if (member.method === 0) {
        for (let at = 0; at < data.length; at += PIECE_BYTES) {
          const chunk = data.subarray(at, at + PIECE_BYTES);
          count(chunk.length, at + chunk.length);
          yield decode(chunk, at + chunk.length < data.length);
        }
        return;
      }
      let pieces: Uint8Array[] = [];
      let held = 0;
      const take = (chunk: Uint8Array, compressedSoFar: number) => {
        count(chunk.length, compressedSoFar);
        pieces.push(chunk);
        held += chunk.length;
      };
      for (const pushed of inflateInSteps(data, take)) {
        const last = pushed === data.length;
        if (held < PIECE_BYTES && !last) continue;
        const joined = joinBytes(pieces, held);
        pieces = [];
        held = 0;
        yield decode(joined, !last);
      }
    },
  };
}

/** Inflated bytes a piece of `zipTextStream` holds before it is decoded and handed on. */
const PIECE_BYTES = 256 * 1024;

/** The chunks (emptied as they are copied) as one text, decoded once; bytes that are not UTF-8 are refused. */
function decodeText(name: string, chunks: Uint8Array[], length: number): string {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ZipReadError(`${name} is not UTF-8 text: export it as UTF-8.`, "notUtf8", { name });
  }
}

function baseName(path: string): string {
  return (path.split("/").at(-1) ?? "").toLowerCase();
}

/** The entries of the zip's central directory, at most `maxMembers` of them (the count it declares is not trusted either). */
function readDirectory(bytes: Uint8Array, maxMembers: number): Member[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : -1);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : -1);
  // The end record is the last thing in the file, followed only by a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const directoryEnd = u32(end + 16) + u32(end + 12);
  const members: Member[] = [];
  const decoder = new TextDecoder();
  for (let at = u32(end + 16); at < directoryEnd;) {
    if (u32(at) !== DIRECTORY_ENTRY || directoryEnd > end) throw unreadable();
    if (members.length === maxMembers)
      throw new ZipLimitError(`The zip holds more than ${maxMembers} files; it may hold at most ${maxMembers}.`, "tooManyFiles", { max: maxMembers });
    const nameLength = u16(at + 28);
    if (at + 46 + nameLength > bytes.length) throw unreadable();
    members.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      encrypted: (u16(at + 8) & 1) === 1,
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localHeader: u32(at + 42),
    });
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return members;
}

/** The member's stored bytes, which must lie inside the upload (so a size a header declares cannot reach past it). */
function memberData(bytes: Uint8Array, member: Member): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = member.localHeader;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) throw unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + member.compressedSize > bytes.length) throw unreadable();
  return bytes.subarray(start, start + member.compressedSize);
}

/** Inflates raw DEFLATE a few kilobytes at a time, handing each piece and the compressed bytes read so far to `take` (which may throw to stop). */
function inflate(data: Uint8Array, take: (chunk: Uint8Array, compressedSoFar: number) => void): void {
  for (const _pushed of inflateInSteps(data, take)) continue;
}

/** `inflate`, pausing after each step with the compressed bytes pushed so far (the last step yields `data.length`). */
function* inflateInSteps(data: Uint8Array, take: (chunk: Uint8Array, compressedSoFar: number) => void): Generator<number> {
  let pushed = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    take(chunk, pushed);
    if (final) ended = true;
  });
  while (!ended && pushed < data.length) {
    const next = Math.min(pushed + PUSH_BYTES, data.length);
    const chunk = data.subarray(pushed, next);
    pushed = next;
    try {
      inflater.push(chunk, pushed === data.length);
    } catch (error) {
      if (error instanceof ZipReadError) throw error;
      throw unreadable();
    }
    if (!ended) yield pushed;
  }
  if (!ended) throw unreadable();
  yield data.length;
}
