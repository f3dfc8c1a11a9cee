/**
 * Zips an attacker would upload, written byte by byte so a test can build them in milliseconds
 * without inflating (or deflating) what they claim to hold.
 */

type RawMember = {
  name: string;
  /** The member's bytes as stored: raw DEFLATE when `method` is 8 (the default). */
  data: Uint8Array;
  method?: 0 | 8;
  /** The uncompressed size both headers declare; by default the stored size. */
  declaredSize?: number;
};

/** A zip of these members, local headers then the central directory (the CRC is left 0: readers here do not check it). */
export function rawZip(members: RawMember[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const member of members) {
    const name = encoder.encode(member.name);
    const method = member.method ?? 8;
    const declared = member.declaredSize ?? member.data.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint32(18, member.data.length, true);
    local.setUint32(22, declared, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, method, true);
    central.setUint32(20, member.data.length, true);
    central.setUint32(24, declared, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, member.data);
    directory.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + member.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, members.length, true);
  end.setUint16(10, members.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...directory, new Uint8Array(end.buffer)];
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}

/** Bits in DEFLATE's order (least significant first) to bytes; `bits` fills whole bytes. */
function packBits(bits: number[]): Uint8Array {
  return Uint8Array.from({ length: bits.length / 8 }, (_, byte) => bits.slice(byte * 8, byte * 8 + 8).reduce((sum, set, index) => sum | (set << index), 0));
}

/**
 * One fixed-Huffman block inflating to 259 + 2,064 × `groups` bytes of "a", from about 160 times
 * fewer: the 3-bit header, the literal "a" (8 bits) and one back-reference of length 258 at
 * distance 1 (symbol 285, then distance code 0: 13 bits) fill 3 bytes exactly; every 8 more
 * back-references fill the same 13 bytes. Its last byte holds the end of block (seven 0 bits)
 * and the next block's first bit, `nextIsFinal`.
 */
function fixedBlock(final: boolean, groups: number, nextIsFinal: boolean): Uint8Array {
  const bits: number[] = [final ? 1 : 0, 1, 0]; // BFINAL, then BTYPE 01 (fixed codes), low bit first
  // Huffman codes go most significant bit first.
  const huffman = (code: number, length: number) => {
    for (let index = length - 1; index >= 0; index--) bits.push((code >> index) & 1);
  };
  huffman(0x30 + 0x61, 8); // literal "a"
  for (let index = 0; index < 9; index++) huffman(0xc5 << 5, 13); // symbol 285 (length 258), distance code 0
  bits.push(0, 0, 0, 0, 0, 0, 0, nextIsFinal ? 1 : 0);
  const prefix = packBits(bits.slice(0, 24));
  const period = packBits(bits.slice(24, 128));
  const out = new Uint8Array(prefix.length + period.length * groups + 1);
  out.set(prefix);
  for (let group = 0; group < groups; group++) out.set(period, prefix.length + group * period.length);
  out[out.length - 1] = packBits(bits.slice(128))[0]!;
  return out;
}

/** Raw DEFLATE that inflates to 259 + 2,064 × `groups` bytes of "a", about 160 to 1: a zip bomb's member. */
export function repeatedByteDeflate(groups: number): Uint8Array {
  return fixedBlock(true, groups, false);
}

/**
 * Raw DEFLATE of `runs` × (a run of 259 + 2,064 × `groups` "a", then `storedBytes` stored as they
 * are, starting with a "€"): text that compresses as well as the two proportions make it (about
 * 50 to 1 with 50 groups and 1,400 stored bytes), built without compressing anything. The "€"
 * makes the decoded text take two bytes a character, the most it can.
 */
export function ratioDeflate(runs: number, groups: number, storedBytes: number): Uint8Array {
  const stored = new Uint8Array(storedBytes).fill(0x61);
  stored.set(new TextEncoder().encode("€"));
  const parts: Uint8Array[] = [];
  for (let run = 0; run < runs; run++) {
    parts.push(fixedBlock(false, groups, run === runs - 1));
    // A stored block: the rest of its 3-bit header (BTYPE 00) padded to a byte, LEN, NLEN, the bytes.
    parts.push(Uint8Array.of(0, storedBytes & 0xff, storedBytes >> 8, ~storedBytes & 0xff, (~storedBytes >> 8) & 0xff), stored);
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
