/**
 * What a screen shows instead of itself when the visitor's role does not allow it
 *: the landing page when signed out, the join screen for a student.
 * Thrown by the server's role check, rendered by the root error boundary.
 */
export type Gate = "landing" | "join";
export type GateData = { gate: Gate };

export function isGateData(data: unknown): data is GateData {
  return typeof data === "object" && data !== null && "gate" in data && (data.gate === "landing" || data.gate === "join");
}
