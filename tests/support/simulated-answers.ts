/**
 * Test support only (nothing in the engine imports it): a seeded random source and simulated
 * students, so calibration tests recover known parameters from the same data on every run.
 */

/** The engine's own seeded generator, so tests and the engine share one PRNG. */
export { mulberry32 as seededRandom } from "~/domain/adaptive/random";

/** A standard normal draw (Box–Muller) from a uniform source. */
export function normalDraw(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
