/**
 * A tiny seeded PRNG (mulberry32) for exposure control: the same seed gives the same sequence in
 * the browser, Node and workerd, so an attempt can be replayed from its stored state.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The random source for step `step` of an attempt seeded with `seed`. Deriving it from the step
 * (rather than storing a moving PRNG state) keeps `next` a pure function of the stored state.
 */
export function randomForStep(seed: number, step: number): () => number {
  return mulberry32((seed ^ Math.imul(step + 1, 0x9e3779b9)) >>> 0);
}
