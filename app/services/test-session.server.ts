import type { Env } from "../../workers/env";

/** The typed RPC stub of one session's Durable Object, addressed by the session id. */
export function testSessionStub(env: Pick<Env, "TEST_SESSION">, sessionId: string) {
  return env.TEST_SESSION.get(env.TEST_SESSION.idFromName(sessionId));
}
