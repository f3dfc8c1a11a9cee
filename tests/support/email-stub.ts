/**
 * A local stand-in for Cloudflare's `send_email` binding (`env.EMAIL`, ADR 0040), for tests: a
 * Miniflare wrapped binding whose `send(message)` hands the message's sender, recipient and raw
 * MIME text to this process, where the test reads them. The raw text is read from the key
 * Miniflare's own EmailMessage (`cloudflare:email`) keeps it under.
 */
export const EMAIL_BINDING_MODULE = `export default function (env) {
  return {
    async send(message) {
      const raw = message["EmailMessage::raw"];
      const text = typeof raw === "string" ? raw : await new Response(raw).text();
      await env.STUB.fetch("http://email-stub/send", { method: "POST", body: JSON.stringify({ from: message.from, to: message.to, raw: text }) });
      return { messageId: "stub" };
    },
  };
}`;

export type SentEmail = { from: string; to: string; raw: string };

export type EmailStub = { sent: SentEmail[]; handle(request: Request): Promise<Response> };

export function emailStub(): EmailStub {
  const sent: SentEmail[] = [];
  return {
    sent,
    async handle(request) {
      sent.push((await request.json()) as SentEmail);
      return new Response("{}");
    },
  };
}

/** A quoted-printable body back to text (soft line breaks and =XX escapes), to read the link in it. */
export function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
