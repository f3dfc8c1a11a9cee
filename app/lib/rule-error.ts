/**
 * A business rule refused a change: the message is safe to show as it is, and the status says
 * why (400 invalid, 404 unknown id, 409 conflicts with what exists).
 */
export class RuleError extends Error {
  override name = "RuleError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}
