import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { LIVE_CHANGED, LIVE_PING } from "~/domain/classes/live-view";

/**
 * Changes that come close together are read once, still well within the 2 seconds a teacher waits
 * at most: one read at most this often while they keep coming (a wait that started over at each
 * change would never end while a class answers), and never one that cuts short the read in flight
 * (Remix's revalidate starts over): a change during a read is read once that one has answered.
 */
const GATHER_MS = 250;
/** Keeps proxies from closing a quiet socket; the runtime answers it without waking the class object. */
const PING_MS = 30_000;
/** Idle and offline come with no change to send: the view is read again this often all the same. */
const REREAD_MS = 30_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The Live page's updates (ADR 0046): a WebSocket to the class's object through the Worker,
 * authorized by the page's own session cookie; each "changed" reads the page's data again. Without
 * JavaScript, or while the socket is down, the Refresh link does the same.
 */
export function useLiveUpdates(classId: string) {
  const { revalidate, state } = useRevalidator();
  const revalidator = useRef({ revalidate, state });
  useEffect(() => {
    revalidator.current = { revalidate, state };
  }, [revalidate, state]);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let failures = 0;
    let gather: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      gather = revalidator.current.state === "idle" ? undefined : setTimeout(read, GATHER_MS);
      if (!gather) revalidator.current.revalidate();
    };
    const reread = () => {
      gather ??= setTimeout(read, GATHER_MS);
    };
    const connect = () => {
      const url = new URL(`/api/cohorts/${encodeURIComponent(classId)}/live`, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(url);
      socket.addEventListener("open", () => {
        // Whatever changed while it was down.
        if (failures > 0) reread();
        failures = 0;
      });
      socket.addEventListener("message", (event) => {
        if (event.data === LIVE_CHANGED) reread();
      });
      socket.addEventListener("close", () => {
        if (closed) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
        failures += 1;
      });
    };
    connect();
    const ping = setInterval(() => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(LIVE_PING);
    }, PING_MS);
    const everyWhile = setInterval(reread, REREAD_MS);
    return () => {
      closed = true;
      clearTimeout(gather);
      clearTimeout(retry);
      clearInterval(ping);
      clearInterval(everyWhile);
      socket?.close(1000, "page left");
    };
  }, [classId]);
}
