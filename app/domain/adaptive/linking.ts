import { type CalibratedItem, clampA, clampB } from "./calibration";

/**
 * Scale linking (ADR 0033): a recalibration's EM fixes its own population at N(0, 1), so when
 * the students of its window are abler than those who set the scale (spring after fall), its
 * b's all come out lower, and scale scores would drift upward with nothing learned. The items
 * answered both before and in this run (anchors) carry the current scale; mean/sigma on their b's
 * finds the line that puts the new estimates back on it:
 *
 *   b_current = slope · b_new + intercept,   a_current = a_new / slope,
 *
 * which leaves every P(θ) unchanged once θ is transformed the same way.
 */

/** One anchor item: its b on the current scale and in the new run. */
export type Anchor = { id: string; current: number; next: number };

export type Link = { slope: number; intercept: number };

type LinkResult = {
  /** Null when too few anchors remain to fix the scale (or their b's do not vary). */
  link: Link | null;
  /** The anchors the link rests on, and those dropped for a large displacement. */
  kept: string[];
  dropped: string[];
};

type LinkingSettings = {
  /** Fewer anchors than this give a link too noisy to trust: no link. */
  minAnchors: number;
  /**
   * An anchor is dropped when its displacement |slope·b_new + intercept − b_current| is both above
   * this (in logits) and above `spreadLimit` robust standard deviations of the anchors: an
   * item that has really changed (exposed, reworded), or whose current b an early online bias
   * pulled away, must not drag the whole scale with it, while ordinary estimation noise stays.
   */
  displacementFloor: number;
  spreadLimit: number;
};

const LINKING_DEFAULTS: LinkingSettings = { minAnchors: 5, displacementFloor: 0.3, spreadLimit: 3 };

function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return { mean, sd: Math.sqrt(variance) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The plain mean/sigma line through a set of anchors, or null when it is undefined. */
function fitMeanSigma(anchors: readonly Anchor[]): Link | null {
  const current = meanAndSd(anchors.map((anchor) => anchor.current));
  const next = meanAndSd(anchors.map((anchor) => anchor.next));
  if (!(next.sd > 1e-9) || !(current.sd > 1e-9)) return null;
  const slope = current.sd / next.sd;
  return { slope, intercept: current.mean - slope * next.mean };
}

/**
 * Mean/sigma linking, made robust: fit, drop the anchor with the largest displacement if it is
 * out of line (see `LinkingSettings`), refit, until none is; one at a time, so one far-off item
 * cannot hide a second behind the spread it causes. The spread that sets "out of line" is taken
 * once, before any fit, from the anchors' differences current − new (a median absolute
 * deviation): a fit that an outlier has bent spreads its error over every anchor and would hide
 * it, while the median of differences is not moved by a few far-off items. Recalibrations of one
 * test keep the slope near 1, so the differences' spread is the noise of the estimates.
 */
export function meanSigmaLink(anchors: readonly Anchor[], settings: LinkingSettings = LINKING_DEFAULTS): LinkResult {
  const differences = anchors.map((anchor) => anchor.current - anchor.next);
  const center = differences.length > 0 ? median(differences) : 0;
  const robustSd = differences.length > 0 ? 1.4826 * median(differences.map((value) => Math.abs(value - center))) : 0;
  const limit = Math.max(settings.displacementFloor, settings.spreadLimit * robustSd);
  let kept = [...anchors];
  const dropped: string[] = [];
  for (;;) {
    const link = kept.length >= settings.minAnchors ? fitMeanSigma(kept) : null;
    if (!link) return { link: null, kept: kept.map((anchor) => anchor.id), dropped };
    let worst = -1;
    let worstDisplacement = limit;
    kept.forEach((anchor, index) => {
      const displacement = Math.abs(link.slope * anchor.next + link.intercept - anchor.current);
      if (displacement > worstDisplacement) {
        worst = index;
        worstDisplacement = displacement;
      }
    });
    if (worst < 0) return { link, kept: kept.map((anchor) => anchor.id), dropped };
    dropped.push(kept[worst]!.id);
    kept = kept.filter((_, index) => index !== worst);
  }
}

/** An item's parameters moved onto the current scale: b ← slope·b + intercept, a ← a / slope. */
export function applyLink(item: CalibratedItem, link: Link): CalibratedItem {
  return { a: clampA(item.a / link.slope), b: clampB(link.slope * item.b + link.intercept), responses: item.responses };
}
