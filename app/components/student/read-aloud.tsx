import { type RefObject, useEffect, useRef, useState } from "react";

import { noVoiceNotice, voiceFor } from "~/domain/accommodations/read-aloud-voice";
import type { Catalog } from "~/domain/i18n/catalog";

/** The shortcut that starts and stops reading aloud (announced to assistive technology too). */
const READ_ALOUD_KEY = { altKey: true, key: "r" };

/** A part's language: its nearest `lang` (the question's text and options carry the question's, ADR 0044), else the page's. */
const languageOf = (part: Element) => part.closest<HTMLElement>("[lang]")?.lang || "en";

/** The device's voices; some browsers list them only after `voiceschanged`, and a stub may not list them at all. */
const deviceVoices = () => window.speechSynthesis.getVoices?.() ?? [];

/**
 * Reads the question and its options aloud, one part after another, outlining the part being read,
 * each part in a voice of its language. Loaded only when a student has read aloud, so the voice
 * choice costs the test page nothing.
 */
export default function ReadAloud({ content, measuresReading, t }: { content: RefObject<HTMLElement>; measuresReading: boolean; t: Catalog["tools"] }) {
  const [reading, setReading] = useState(false);
  // The language of the question's text when the device has no voice for it (the control says so), else null.
  const [voiceless, setVoiceless] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const supported = typeof window !== "undefined" && "speechSynthesis" in window;

  const stop = () => {
    window.speechSynthesis.cancel();
    for (const part of content.current?.querySelectorAll(".reading-now") ?? []) part.classList.remove("reading-now");
    setReading(false);
  };

  const start = () => {
    const parts = [...(content.current?.querySelectorAll<HTMLElement>("[data-read]") ?? [])].filter((part) => part.innerText.trim());
    if (!parts.length) return;
    window.speechSynthesis.cancel();
    setReading(true);
    parts.forEach((part, index) => {
      const utterance = new SpeechSynthesisUtterance(part.innerText);
      utterance.lang = languageOf(part);
      const voice = voiceFor(deviceVoices(), utterance.lang);
      if (voice) utterance.voice = voice;
      utterance.onstart = () => part.classList.add("reading-now");
      utterance.onend = utterance.onerror = () => {
        part.classList.remove("reading-now");
        if (index === parts.length - 1) setReading(false);
      };
      window.speechSynthesis.speak(utterance);
    });
  };

  useEffect(() => {
    if (!supported) return;
    const check = () => {
      const text = content.current?.querySelector("[data-read][lang]");
      const language = text ? languageOf(text) : null;
      setVoiceless(language && voiceFor(deviceVoices(), language) === null ? language : null);
    };
    check();
    window.speechSynthesis.addEventListener?.("voiceschanged", check);
    return () => window.speechSynthesis.removeEventListener?.("voiceschanged", check);
  }, [supported, content]);

  useEffect(() => {
    if (!supported) return;
    // The shortcut presses the button, so both do the same thing.
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey !== READ_ALOUD_KEY.altKey || event.key.toLowerCase() !== READ_ALOUD_KEY.key) return;
      event.preventDefault();
      button.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      // Nothing keeps speaking once the question is gone.
      window.speechSynthesis.cancel();
    };
  }, [supported]);

  if (!supported) return <p className="text-sm text-slate-700">{t.cannotReadAloud}</p>;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-outline min-h-11"
        aria-pressed={reading}
        aria-keyshortcuts="Alt+R"
        onClick={() => (reading ? stop() : start())}
      >
        {reading ? t.stopReading : t.readAloud} <span className="text-xs font-normal text-slate-600">(Alt+R)</span>
      </button>
      {voiceless ? <p className="text-sm text-slate-700">{t[noVoiceNotice(voiceless)]}</p> : null}
      {measuresReading ? <p className="text-sm text-slate-700">{t.readingMeasured}</p> : null}
    </>
  );
}
