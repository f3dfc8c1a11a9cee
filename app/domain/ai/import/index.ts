import { parseAiken } from "./aiken";
import { parseCsv } from "./csv";
import { detectFormat } from "./detect";
import { parseGift } from "./gift";
import { parseNumbered } from "./numbered";
import { buildFormattedTest, checkInputSize, ImportError, type ImportFormat, type ImportResult, type ParsedImport } from "./shared";

export { IMPORT_FORMAT_EXAMPLE } from "./numbered";
export { detectFormat } from "./detect";
export { MAX_IMPORT_CHARACTERS, MAX_IMPORT_QUESTIONS, type ImportFormat, type ImportResult } from "./shared";

const PARSERS: Record<ImportFormat, (raw: string) => ParsedImport> = {
  gift: parseGift,
  aiken: parseAiken,
  csv: parseCsv,
  numbered: parseNumbered,
};

/** Import Test Content without a model: detects the format and reads it exactly. Never throws. */
export function formatOffline(raw: string): ImportResult {
  if (!raw.trim()) return { ok: false, message: "Paste some questions to import." };
  const sizeProblem = sizeError(raw);
  if (sizeProblem) return sizeProblem;
  return formatAs(detectFormat(raw), raw);
}

/**
 * The result for GIFT, Aiken or CSV text, read exactly even when a model is configured; null for
 * anything else (free text for the model). Text over the size limit is an error whatever it is.
 */
export function parseStructured(raw: string): ImportResult | null {
  const sizeProblem = sizeError(raw);
  if (sizeProblem) return sizeProblem;
  const format = detectFormat(raw);
  return format === "numbered" ? null : formatAs(format, raw);
}

function sizeError(raw: string): ImportResult | null {
  try {
    checkInputSize(raw);
    return null;
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

function formatAs(format: ImportFormat, raw: string): ImportResult {
  try {
    return { ok: true, test: buildFormattedTest(PARSERS[format](raw)), format };
  } catch (error) {
    return { ok: false, message: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ImportError) return error.message;
  return `The pasted content could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
