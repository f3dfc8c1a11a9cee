import type { SessionRefusal } from "~/domain/sessions/session-contract";
import type { Env } from "~/env";
import { conflict, DomainError, invalid, notFound } from "~/lib/errors";

/** The typed RPC stub of one session's Durable Object, addressed by the session id. */
export function testSessionStub(env: Pick<Env, "TEST_SESSION">, sessionId: string) {
  return env.TEST_SESSION.get(env.TEST_SESSION.idFromName(sessionId));
}

/**
 * A route that cannot go on after a refusal throws this (its message a catalog code the edge renders, ADR 0045); the edge picks the status by kind
 *. Routes that can recover (a late answer goes to the results) switch
 * on `reason` themselves.
 */
export function refusalError(refusal: SessionRefusal): DomainError {
  switch (refusal.reason) {
    case "invalid_input":
      return invalid(refusal.message);
    case "not_begun":
      return notFound("session.notStarted");
    case "completed":
      return conflict("session.completed");
    case "chat_closed":
      return new DomainError("conflict", refusal.message, undefined, refusal.values);
    case "paused":
      return conflict(refusal.message);
    default: {
      const unhandled: never = refusal;
      throw new Error(`Unknown session refusal ${JSON.stringify(unhandled)}`);
    }
  }
}
