/**
 * `npm start`'s front door: a plain HTTP relay on the public port in front of `wrangler dev`
 * (which then listens on loopback only). Locally no Cloudflare edge sets `CF-Connecting-IP`, and
 * wrangler dev passes on whatever value a client sends (it fills the header in from the socket
 * only when it is missing), so every throttle keyed by the client's address could be dodged by
 * sending a new one each time. The relay always replaces the header with the socket's own peer
 * address. In production Cloudflare sets the header itself and this file is not involved.
 */
import { Agent, createServer, request as forward } from "node:http";

/**
 * Connections to wrangler dev, kept open and bounded: a burst of new connections (a class of 200
 * starting at once) is refused by wrangler dev's listener, while requests queued here wait their turn.
 */
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 64 });

/** The request's headers as wrangler dev should see them: the client's own CF-Connecting-IP dropped, the socket's peer put in its place. */
export function forwardedHeaders(headers, peerAddress) {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "cf-connecting-ip"));
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const address = (peerAddress ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return address ? { ...kept, "cf-connecting-ip": address } : kept;
}

/** Relays every request on host:port to wrangler dev on 127.0.0.1:upstreamPort, bodies streamed both ways. */
export function startFront({ host, port, upstreamPort }) {
  const server = createServer((incoming, outgoing) => {
    const relayed = forward(
      {
        host: "127.0.0.1",
        port: upstreamPort,
        agent: upstreamAgent,
        method: incoming.method,
        path: incoming.url,
        headers: forwardedHeaders(incoming.headers, incoming.socket.remoteAddress),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    relayed.on("error", () => {
      // wrangler dev is (re)starting: the browser may simply try again.
      if (!outgoing.headersSent) outgoing.writeHead(502, { "Content-Type": "text/plain" });
      outgoing.end("The local server is starting; reload in a moment.");
    });
    incoming.pipe(relayed);
  });
  // A teacher's live page opens a WebSocket (ADR 0046): the upgrade is relayed too, then the bytes both ways.
  server.on("upgrade", (incoming, client, head) => relayUpgrade(incoming, client, head, upstreamPort));
  server.listen(Number(port), host);
  return server;
}

/** The status line and headers of an upstream answer, written raw to the client's socket. */
const rawHead = (answer) =>
  [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`, ...pairs(answer.rawHeaders).map(([name, value]) => `${name}: ${value}`)].join("\r\n") + "\r\n\r\n";

const pairs = (flat) => Array.from({ length: flat.length / 2 }, (_, index) => [flat[2 * index], flat[2 * index + 1]]);

function relayUpgrade(incoming, client, head, upstreamPort) {
  // No pooled agent: the connection becomes the socket's own.
  const relayed = forward({
    host: "127.0.0.1",
    port: upstreamPort,
    method: incoming.method,
    path: incoming.url,
    headers: forwardedHeaders(incoming.headers, incoming.socket.remoteAddress),
  });
  relayed.on("upgrade", (answer, upstream, upstreamHead) => {
    client.write(rawHead(answer));
    if (upstreamHead.length) client.write(upstreamHead);
    if (head.length) upstream.write(head);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.pipe(client);
    client.pipe(upstream);
  });
  // Refused (401, 404...): the answer as it is, then the connection closes.
  relayed.on("response", (answer) => {
    client.write(rawHead(answer));
    answer.pipe(client);
  });
  relayed.on("error", () => client.destroy());
  relayed.end();
}
