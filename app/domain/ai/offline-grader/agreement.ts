/**
 * Agreement between the grader's correct/incorrect verdicts and human ones: accuracy, macro-F1
 * (the mean of the F1 of "correct" and of "incorrect", so the majority class cannot hide the
 * other) and Cohen's kappa (agreement beyond what the two raters' base rates give by chance).
 */
type Agreement = { accuracy: number; macroF1: number; kappa: number; n: number };

type Confusion = { truePositive: number; falsePositive: number; falseNegative: number; trueNegative: number };

function confusion(predicted: readonly boolean[], actual: readonly boolean[]): Confusion {
  const counts = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
  predicted.forEach((prediction, index) => {
    const truth = actual[index];
    if (prediction && truth) counts.truePositive += 1;
    else if (prediction) counts.falsePositive += 1;
    else if (truth) counts.falseNegative += 1;
    else counts.trueNegative += 1;
  });
  return counts;
}

/** F1 of one class; 0 when the class is never predicted nor present (nothing to agree on). */
function f1(hits: number, falseAlarms: number, misses: number): number {
  const denominator = 2 * hits + falseAlarms + misses;
  return denominator === 0 ? 0 : (2 * hits) / denominator;
}

/** Agreement of two equally long verdict lists; throws on different lengths or an empty list. */
export function agreement(predicted: readonly boolean[], actual: readonly boolean[]): Agreement {
  if (predicted.length !== actual.length) throw new Error(`${predicted.length} predictions for ${actual.length} labels`);
  const n = predicted.length;
  if (n === 0) throw new Error("no verdicts to compare");
  const { truePositive, falsePositive, falseNegative, trueNegative } = confusion(predicted, actual);
  const accuracy = (truePositive + trueNegative) / n;
  const macroF1 = (f1(truePositive, falsePositive, falseNegative) + f1(trueNegative, falseNegative, falsePositive)) / 2;
  const predictedPositive = (truePositive + falsePositive) / n;
  const actualPositive = (truePositive + falseNegative) / n;
  const chance = predictedPositive * actualPositive + (1 - predictedPositive) * (1 - actualPositive);
  // Both raters always giving the same single verdict: agreement is total and chance explains it all.
  const kappa = chance === 1 ? 1 : (accuracy - chance) / (1 - chance);
  return { accuracy, macroF1, kappa, n };
}
