import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

import { useToast } from "~/components/toast/toast-context";
import type { Catalog } from "~/domain/i18n/catalog";
import { testPagePath } from "~/domain/sessions/test-page-paths";

import { sendChatMessage } from "./test-transport";

export type ChatLine = { role: "user" | "assistant"; content: string };

/**
 * A chat question's conversation with the tutor: Enter sends, Shift+Enter
 * makes a new line, a blank message is not sent. Without JavaScript the form posts and the page
 * comes back with the conversation, which the session object keeps.
 */
export function ChatBox({
  testId,
  sessionId,
  questionId,
  initialPrompt,
  transcript,
  onTranscript,
  disabled,
  t,
}: {
  testId: string;
  sessionId: string;
  questionId: string;
  initialPrompt: string | null;
  transcript: ChatLine[];
  onTranscript: (lines: ChatLine[]) => void;
  disabled: boolean;
  /** The test area's messages, as the question screen got them. */
  t: Catalog["test"];
}) {
  const { toast } = useToast();
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const conversation = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  // The box scrolls: each new message (and a resumed conversation) shows its end, where the newest turn is.
  useEffect(() => {
    const list = conversation.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [transcript.length]);

  async function send() {
    const text = message.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      const outcome = await sendChatMessage(testId, sessionId, questionId, text);
      if (outcome.kind === "network") {
        toast({ title: t.notSentTitle, description: t.notSentMessage, variant: "destructive" });
        return;
      }
      if (outcome.kind === "refused") {
        toast({ title: outcome.title, description: outcome.message, variant: "destructive" });
        return;
      }
      onTranscript([...transcript, { role: "user", content: text }, { role: "assistant", content: outcome.data.reply }]);
      setMessage("");
    } finally {
      setSending(false);
      // Focus stays where the student writes (the button they may have pressed was disabled while sending).
      field.current?.focus();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <div className="mt-4 space-y-3">
      {/* A log (read politely as it grows) that takes focus, so the keyboard can scroll it too. */}
      <div
        ref={conversation}
        role="log"
        aria-label={t.conversation}
        // A scrolling box the keyboard must reach to scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-3"
        data-testid="chat-transcript"
      >
        <ol className="space-y-2">
          {initialPrompt ? (
            <li className="rounded-md bg-white p-2 text-slate-900">
              <span className="block text-xs font-semibold text-slate-700">{t.tutor}</span>
              {initialPrompt}
            </li>
          ) : null}
          {transcript.map((line, index) => (
            <li key={index} className={`whitespace-pre-wrap rounded-md p-2 ${line.role === "user" ? "ml-8 bg-blue-50" : "mr-8 bg-white"} text-slate-900`}>
              <span className="block text-xs font-semibold text-slate-700">{line.role === "user" ? t.you : t.tutor}</span>
              {line.content}
            </li>
          ))}
          {transcript.length === 0 && !initialPrompt ? <li className="text-sm text-slate-700">{t.startConversation}</li> : null}
        </ol>
      </div>
      <form method="post" action={testPagePath(testId, sessionId)} onSubmit={onSubmit} className="space-y-2">
        <input type="hidden" name="intent" value="chat" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <input type="hidden" name="questionId" value={questionId} />
        <label htmlFor="chat-message" className="label">
          {t.yourMessage}
        </label>
        <textarea
          ref={field}
          id="chat-message"
          name="message"
          rows={3}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          readOnly={sending}
          className="input w-full"
          aria-describedby="chat-hint"
        />
        <p id="chat-hint" className="text-xs text-slate-700">
          {t.chatHint}
        </p>
        <button type="submit" className="btn-outline min-h-11" disabled={disabled || sending}>
          {sending ? t.sending : t.sendMessage}
        </button>
      </form>
    </div>
  );
}
