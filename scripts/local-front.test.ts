import { createServer, type IncomingMessage, request as httpRequest } from "node:http";
import type { AddressInfo, Socket } from "node:net";

import { describe, expect, it } from "vitest";

import { forwardedHeaders, startFront } from "./local-front.mjs";

describe("npm start's front door", () => {
  it("replaces a client-set CF-Connecting-IP with the socket's peer address", () => {
    expect(forwardedHeaders({ host: "localhost:8787", "CF-Connecting-IP": "6.6.6.6" }, "192.0.2.7")).toEqual({
      host: "localhost:8787",
      "cf-connecting-ip": "192.0.2.7",
    });
    expect(forwardedHeaders({ "cf-connecting-ip": "6.6.6.6" }, "::ffff:192.0.2.8")).toEqual({ "cf-connecting-ip": "192.0.2.8" });
    expect(forwardedHeaders({ accept: "*/*" }, "::1")).toEqual({ accept: "*/*", "cf-connecting-ip": "::1" });
  });
});

describe("npm start's front door, for a live page's WebSocket", () => {
  it("relays the upgrade and then the bytes both ways", async () => {
    const upstream = createServer((_request, response) => response.end("not an upgrade"));
    // An echoing upstream: answers the upgrade, then sends back whatever comes.
    upstream.on("upgrade", (_request, socket) => {
      socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
      socket.pipe(socket);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const front = startFront({ host: "127.0.0.1", port: 0, upstreamPort: (upstream.address() as AddressInfo).port });
    await new Promise((resolve) => front.once("listening", resolve));
    try {
      const request = httpRequest({
        host: "127.0.0.1",
        port: (front.address() as AddressInfo).port,
        path: "/api/cohorts/c/live",
        headers: { Connection: "Upgrade", Upgrade: "websocket" },
      });
      const [answer, socket] = await new Promise<[IncomingMessage, Socket]>((resolve) => {
        request.on("upgrade", (response, upgraded) => resolve([response, upgraded]));
        request.end();
      });
      expect(answer.statusCode).toBe(101);
      const echoed = new Promise<string>((resolve) => socket.once("data", (data) => resolve(String(data))));
      socket.write("changed");
      expect(await echoed).toBe("changed");
      socket.destroy();
    } finally {
      front.close();
      upstream.close();
    }
  });
});
