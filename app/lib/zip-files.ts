import { unzipSync } from "fflate";

/** Why an uploaded zip cannot be read, in words for the person who uploaded it. */
export class ZipReadError extends Error {}

/**
 * The text of the files a zip holds whose names (folders stripped, lower case) `wanted` accepts,
 * by that name. Only those are inflated, each into a buffer of the size its header declares, so a
 * file that claims more than `maxBytesPerFile` is refused before it takes any memory.
 */
export function readZipTexts(bytes: Uint8Array, wanted: (name: string) => boolean, maxBytesPerFile: number): Map<string, string> {
  const baseName = (path: string) => (path.split("/").at(-1) ?? "").toLowerCase();
  let tooLarge: string | null = null;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (file.name.startsWith("__MACOSX/") || !wanted(baseName(file.name))) return false;
        if (file.originalSize > maxBytesPerFile) tooLarge ??= baseName(file.name);
        return tooLarge === null;
      },
    });
  } catch {
    throw new ZipReadError("The file is not a zip archive that can be read.");
  }
  if (tooLarge) throw new ZipReadError(`${tooLarge} is larger than ${Math.round(maxBytesPerFile / 1_000_000)} MB.`);
  const decoder = new TextDecoder();
  const texts = new Map<string, string>();
  for (const [path, content] of Object.entries(entries)) texts.set(baseName(path), decoder.decode(content));
  return texts;
}
