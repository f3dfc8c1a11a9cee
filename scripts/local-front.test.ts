import { describe, expect, it } from "vitest";

import { forwardedHeaders } from "./local-front.mjs";

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
