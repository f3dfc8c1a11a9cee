/**
 * A job that failed in a way the consumer understands: `retryable` failures are delivered again
 * (with backoff) until the last retry; the others are marked failed at once, since trying again
 * cannot help (a model's reply that would not parse twice, a format that cannot be read).
 */
export class JobFailure extends Error {
  override name = "JobFailure";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
