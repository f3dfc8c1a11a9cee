import { z } from "zod";

/**
 * The language a question or a test is written in (ADR 0044). It is the content's language, not the
 * page's: an English page may show a Spanish question, which then carries `lang="es"` so a screen
 * reader and read aloud pronounce it as Spanish. Stored as the two-letter code.
 */
export const CONTENT_LANGUAGES = ["en", "es"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = "en";

/** What the Language selects show: each language in its own name, as a speaker looks for it. */
export const CONTENT_LANGUAGE_LABELS: Record<ContentLanguage, string> = { en: "English", es: "Español" };

export const isContentLanguage = (value: unknown): value is ContentLanguage => CONTENT_LANGUAGES.includes(value as ContentLanguage);

/** A payload's `language`: "en" or "es", nothing else (400 names the choices). Absent is left to the caller's default. */
export const contentLanguageSchema = z.enum(CONTENT_LANGUAGES, { errorMap: () => ({ message: "Language must be en or es" }) });

/** The `lang` a question's element needs on a page in `pageLanguage`: none when they match, so the page stays as it was. */
export function langAttributeFor(language: ContentLanguage, pageLanguage: ContentLanguage = DEFAULT_CONTENT_LANGUAGE): ContentLanguage | undefined {
  return language === pageLanguage ? undefined : language;
}

/** How a teacher's screens name a session of a test in this language ("taken in Spanish"); null for the default language. */
export function takenInLabel(language: ContentLanguage): string | null {
  return language === "es" ? "Taken in Spanish" : null;
}
