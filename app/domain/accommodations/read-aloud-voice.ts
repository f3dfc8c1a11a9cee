/**
 * Which of the device's voices reads a part of the question aloud, by the part's language (its
 * nearest `lang`; ADR 0044). Spanish prefers US Spanish, then Mexican, then Spain's, then any
 * Spanish voice; English leaves the choice to the browser, as it always has. Pure, so the browser's
 * control (components/student/read-aloud) and its unit test share it.
 */
type Voice = { lang: string };

/** Preferred regional voices per language, best first; a language not listed takes any voice of its own. */
const PREFERRED_VOICES: Record<string, readonly string[]> = { es: ["es-US", "es-MX", "es-ES"] };

/** The primary language subtag, lower-cased: "es-US" and "es_us" (some engines' spelling) are both "es". */
const primaryLanguage = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";

const sameTag = (a: string, b: string) => a.replace("_", "-").toLowerCase() === b.toLowerCase();

/**
 * The voice for text in `language`: undefined to leave it to the browser (English, as before), a
 * voice when one fits, or null when the device has voices but none speaks the language. An empty
 * list says nothing: browsers fill it in late, and a device without any voice is not "missing" one.
 */
export function voiceFor<V extends Voice>(voices: readonly V[], language: string): V | null | undefined {
  const primary = primaryLanguage(language);
  if (primary === "en" || !voices.length) return undefined;
  for (const tag of PREFERRED_VOICES[primary] ?? []) {
    const exact = voices.find((voice) => sameTag(voice.lang, tag));
    if (exact) return exact;
  }
  return voices.find((voice) => primaryLanguage(voice.lang) === primary) ?? null;
}

/** Which of the `tools` area's notices (ADR 0045) the read-aloud control shows when this device cannot read the question's language. */
export function noVoiceNotice(language: string): "noSpanishVoice" | "noEnglishVoice" | "noVoice" {
  const primary = primaryLanguage(language);
  return primary === "es" ? "noSpanishVoice" : primary === "en" ? "noEnglishVoice" : "noVoice";
}
