/** The default branch of an exhaustive switch: the compiler proves it is unreachable. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
