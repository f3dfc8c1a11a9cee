// The floor for `npm run load`: a Worker that does nothing, served by the same `wrangler dev`.
// It reads the request body (the load sends the same POST as a submit) and answers "ok".
export default {
  async fetch(request) {
    await request.text();
    return new Response("ok");
  },
};
