// A minimal reproduction for `npm run repro:long-request`: one request that takes as long as asked,
// waiting on a timer (`/wait?ms=`) or busy on the CPU (`/busy?ms=`); every other path answers "ok" at once.
export default {
  async fetch(request) {
    const url = new URL(request.url);
    const ms = Math.min(60_000, Number(url.searchParams.get("ms")) || 0);
    if (url.pathname === "/wait") await new Promise((done) => setTimeout(done, ms));
    if (url.pathname === "/busy") for (const end = Date.now() + ms; Date.now() < end;);
    return new Response("ok");
  },
};
