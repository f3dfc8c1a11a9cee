import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { readZipTexts, ZipReadError } from "./zip-files";

const wanted = (name: string) => name.endsWith(".csv");

describe("reading the text files of a zip", () => {
  it("answers the wanted files by lower-cased name, from any folder, and skips the rest", () => {
    const zip = zipSync({
      "export/Manifest.csv": strToU8("\uFEFFpropertyName,value"),
      "export/users.csv": strToU8("sourcedId\nu1"),
      "export/readme.txt": strToU8("ignored"),
      "__MACOSX/export/._users.csv": strToU8("resource fork"),
    });
    expect(readZipTexts(zip, wanted, 1_000)).toEqual(
      new Map([
        ["manifest.csv", "propertyName,value"],
        ["users.csv", "sourcedId\nu1"],
      ]),
    );
  });

  it("refuses a file larger than the limit before inflating it, and bytes that are not a zip", () => {
    const zip = zipSync({ "users.csv": new Uint8Array(5_000_000).fill(65) });
    expect(() => readZipTexts(zip, wanted, 1_000_000)).toThrow(new ZipReadError("users.csv is larger than 1 MB."));
    expect(() => readZipTexts(strToU8("sourcedId,status\n"), wanted, 1_000)).toThrow(ZipReadError);
  });
});
