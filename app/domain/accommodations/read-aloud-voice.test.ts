import { describe, expect, it } from "vitest";

import { noVoiceNotice, voiceFor } from "./read-aloud-voice";

const voices = (...langs: string[]) => langs.map((lang) => ({ lang, name: `Voice ${lang}` }));

describe("voiceFor", () => {
  it("reads Spanish in US Spanish first, then Mexican, then Spain's, then any Spanish voice", () => {
    expect(voiceFor(voices("en-US", "es-ES", "es-MX", "es-US"), "es")?.lang).toBe("es-US");
    expect(voiceFor(voices("en-US", "es-ES", "es-MX"), "es")?.lang).toBe("es-MX");
    expect(voiceFor(voices("es-ES", "en-GB"), "es")?.lang).toBe("es-ES");
    expect(voiceFor(voices("en-US", "es-AR"), "es")?.lang).toBe("es-AR");
    expect(voiceFor(voices("en-US", "es_US"), "es-US")?.lang).toBe("es_US");
  });

  it("says null when the device has voices but none in the language", () => {
    expect(voiceFor(voices("en-US", "fr-FR"), "es")).toBeNull();
  });

  it("leaves English to the browser, as before, and claims nothing while the voice list is empty", () => {
    expect(voiceFor(voices("es-US", "en-US"), "en")).toBeUndefined();
    expect(voiceFor(voices("es-US"), "en-US")).toBeUndefined();
    expect(voiceFor([], "es")).toBeUndefined();
  });
});

describe("noVoiceNotice", () => {
  it("names the language plainly", () => {
    expect(noVoiceNotice("es-MX")).toBe("noSpanishVoice");
    expect(noVoiceNotice("en")).toBe("noEnglishVoice");
    expect(noVoiceNotice("de")).toBe("noVoice");
  });
});
