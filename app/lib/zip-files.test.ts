import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { rawZip, repeatedByteDeflate } from "../../tests/support/zip-bombs";
import { declaredZipBytes, readZipTexts, ZipLimitError, type ZipLimits, ZipReadError, zipTextStream } from "./zip-files";

const wanted = (name: string) => name.endsWith(".csv");
const limits: ZipLimits = { maxMembers: 10, maxMemberBytes: 2_000_000, maxTotalBytes: 3_000_000, maxRatio: 100 };
/** About 8 MB once inflated, from 50 KB. */
const bomb = () => repeatedByteDeflate(4_000);

describe("reading the text files of a zip", () => {
  it("answers the wanted files by lower-cased name, from any folder, and skips the rest", () => {
    const zip = zipSync({
      "export/Manifest.csv": strToU8("\uFEFFpropertyName,value"),
      "export/users.csv": strToU8("sourcedId\nu1"),
      "export/readme.txt": strToU8("ignored"),
      "__MACOSX/export/._users.csv": strToU8("resource fork"),
    });
    expect(readZipTexts(zip, wanted, limits)).toEqual(
      new Map([
        ["manifest.csv", "propertyName,value"],
        ["users.csv", "sourcedId\nu1"],
      ]),
    );
  });

  it("reads stored and deflated files, and text whose characters span the pieces it inflates in", () => {
    const text = "é,😀\n".repeat(100_000);
    const zip = zipSync({ "a.csv": [strToU8(text), { level: 0 }], "b.csv": [strToU8(text), { level: 9 }] });
    expect(readZipTexts(zip, wanted, limits)).toEqual(
      new Map([
        ["a.csv", text],
        ["b.csv", text],
      ]),
    );
  });

  it("refuses bytes that are not a zip, and a truncated one", () => {
    expect(() => readZipTexts(strToU8("sourcedId,status\n"), wanted, limits)).toThrow(new ZipReadError("The file is not a zip archive that can be read."));
    const zip = rawZip([{ name: "users.csv", data: bomb().subarray(0, 1_000) }]);
    expect(() => readZipTexts(zip, wanted, limits)).toThrow(new ZipReadError("The file is not a zip archive that can be read."));
  });

  it("refuses a file that inflates past its limit, whatever size its header declares", () => {
    const lying = rawZip([{ name: "users.csv", data: bomb(), declaredSize: 1_000 }]);
    expect(() => readZipTexts(lying, wanted, { ...limits, maxRatio: 10_000 })).toThrow(
      new ZipLimitError("users.csv inflates to more than 2 MB; a file may hold at most 2 MB.", "memberTooLarge", { name: "users.csv", limit: "2 MB" }),
    );
  });

  it("refuses files that together inflate past the total, each under its own limit", () => {
    const files = Object.fromEntries(["a", "b", "c"].map((folder) => [`${folder}/${folder}.csv`, new Uint8Array(1_500_000).fill(65)]));
    const zip = zipSync(files);
    expect(() => readZipTexts(zip, wanted, { ...limits, maxRatio: 10_000 })).toThrow(
      new ZipLimitError("The files inflate to more than 3 MB; together they may hold at most 3 MB.", "totalTooLarge", { limit: "3 MB" }),
    );
  });

  it("refuses a file that inflates more than the ratio once past a small grace, and a zip of too many entries", () => {
    expect(() => readZipTexts(rawZip([{ name: "users.csv", data: bomb() }]), wanted, limits)).toThrow(
      new ZipLimitError("users.csv inflates to more than 100 times its compressed size, the most a file may.", "ratio", { name: "users.csv", ratio: 100 }),
    );
    // A small file compresses as well as it likes.
    expect(readZipTexts(rawZip([{ name: "users.csv", data: repeatedByteDeflate(100) }]), wanted, limits).get("users.csv")).toHaveLength(259 + 2_064 * 100);
    const many = rawZip(Array.from({ length: 11 }, (_, index) => ({ name: `readme-${index}.txt`, data: new Uint8Array(), method: 0 as const })));
    expect(() => readZipTexts(many, wanted, limits)).toThrow(
      new ZipLimitError("The zip holds more than 10 files; it may hold at most 10.", "tooManyFiles", { max: 10 }),
    );
  });

  it("refuses a wanted file twice (in two folders) rather than guess which one counts", () => {
    const zip = zipSync({ "a/users.csv": strToU8("x"), "b/Users.csv": strToU8("y") });
    expect(() => readZipTexts(zip, wanted, limits)).toThrow(new ZipReadError("The zip holds users.csv twice.", "twice", { name: "users.csv" }));
  });
});

describe("reading a zip's text files a piece at a time", () => {
  const whole = (zip: Uint8Array, name: string, streamLimits = limits) => [...zipTextStream(zip, wanted, streamLimits).text(name)].join("");

  it("gives each wanted file's text as readZipTexts does, in pieces, characters whole across them", () => {
    const text = Array.from({ length: 100_000 }, (_, index) => `é${index},😀${(index * 7_919) % 100_003}`).join("\n");
    const zip = zipSync({ "x/a.csv": [strToU8(text), { level: 0 }], "x/B.csv": [strToU8(text), { level: 9 }], "readme.txt": strToU8("no") });
    const stream = zipTextStream(zip, wanted, limits);
    expect(stream.names).toEqual(new Set(["a.csv", "b.csv"]));
    const pieces = [...stream.text("b.csv")];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(text);
    expect(whole(zip, "a.csv")).toBe(text);
    expect(whole(zip, "missing.csv")).toBe("");
    expect(declaredZipBytes(zip, wanted, limits)).toBe(2 * strToU8(text).length);
  });

  it("keeps the limits: a file past its size, all files past the total, a bomb past the ratio", () => {
    const lying = rawZip([{ name: "users.csv", data: bomb(), declaredSize: 1_000 }]);
    expect(() => whole(lying, "users.csv", { ...limits, maxRatio: 10_000 })).toThrow(ZipLimitError);
    expect(() => whole(rawZip([{ name: "users.csv", data: bomb() }]), "users.csv")).toThrow(
      new ZipLimitError("users.csv inflates to more than 100 times its compressed size, the most a file may.", "ratio", { name: "users.csv", ratio: 100 }),
    );
    const files = Object.fromEntries(["a", "b"].map((name) => [`${name}.csv`, new Uint8Array(1_600_000).fill(65)]));
    const stream = zipTextStream(zipSync(files), wanted, { ...limits, maxRatio: 10_000 });
    expect([...stream.text("a.csv")].join("")).toHaveLength(1_600_000);
    expect(() => [...stream.text("b.csv")]).toThrow(
      new ZipLimitError("The files inflate to more than 3 MB; together they may hold at most 3 MB.", "totalTooLarge", { limit: "3 MB" }),
    );
  });

  it("refuses text that is not UTF-8 and a truncated member", () => {
    const zip = zipSync({ "users.csv": new Uint8Array([0x61, 0xff, 0x62]) });
    expect(() => whole(zip, "users.csv")).toThrow(new ZipReadError("users.csv is not UTF-8 text: export it as UTF-8.", "notUtf8", { name: "users.csv" }));
    expect(() => whole(rawZip([{ name: "users.csv", data: bomb().subarray(0, 1_000) }]), "users.csv")).toThrow(
      new ZipReadError("The file is not a zip archive that can be read."),
    );
  });
});
