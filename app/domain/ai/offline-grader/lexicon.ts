import { stemmer } from "stemmer";

/**
 * A small hand-made lexicon of very common school words, generic across subjects (never one
 * question's key): pairs that say the same thing ("big" and "large") and pairs that say the
 * opposite ("open" and "closed"). The grader reads a synonym as the same term and an antonym as
 * the term negated, as it reads "incomplete" against "complete" (concepts.ts). Each list was
 * checked on held-out questions of the SemEval train split (scripts/bench-grader/README.md).
 */
const SYNONYM_PAIRS: readonly (readonly [string, string])[] = [
  ["big", "large"],
  ["small", "little"],
  ["small", "tiny"],
  ["hot", "warm"],
  ["cold", "cool"],
  ["increase", "rise"],
  ["increase", "grow"],
  ["decrease", "drop"],
  ["decrease", "reduce"],
  ["fast", "quick"],
  ["fast", "quickly"],
  ["begin", "start"],
  ["end", "finish"],
  ["show", "indicate"],
  ["make", "create"],
  ["make", "produce"],
  ["connect", "attach"],
  ["connect", "join"],
  ["separate", "apart"],
  ["gap", "break"],
  ["scared", "afraid"],
  ["scared", "frightened"],
  ["happy", "glad"],
  ["angry", "mad"],
  ["correct", "right"],
  ["wrong", "incorrect"],
  ["same", "equal"],
  ["similar", "alike"],
  ["touch", "contact"],
  ["move", "travel"],
  ["path", "pathway"],
  ["amount", "quantity"],
  ["hungry", "starving"],
  ["help", "aid"],
  ["look", "observe"],
  ["look", "see"],
  ["test", "check"],
  ["shiny", "bright"],
  ["get", "receive"],
  ["give", "provide"],
  ["need", "require"],
  ["use", "utilize"],
  ["kill", "destroy"],
  ["harm", "hurt"],
  ["harm", "damage"],
  ["mix", "combine"],
  ["heavy", "weigh"],
];

/**
 * Forms of one word the stemmer cannot join: irregular plurals and past tenses ("children",
 * "went", "lit"), and the nouns of measuring adjectives ("length" of "long"). Read as synonyms.
 */
const WORD_FORMS: readonly (readonly [string, string])[] = [
  ["child", "children"],
  ["person", "people"],
  ["man", "men"],
  ["woman", "women"],
  ["foot", "feet"],
  ["tooth", "teeth"],
  ["mouse", "mice"],
  ["leaf", "leaves"],
  ["life", "lives"],
  ["go", "went"],
  ["go", "gone"],
  ["make", "made"],
  ["take", "took"],
  ["give", "gave"],
  ["come", "came"],
  ["run", "ran"],
  ["eat", "ate"],
  ["fall", "fell"],
  ["grow", "grew"],
  ["throw", "threw"],
  ["break", "broke"],
  ["break", "broken"],
  ["freeze", "froze"],
  ["freeze", "frozen"],
  ["sink", "sank"],
  ["think", "thought"],
  ["bring", "brought"],
  ["buy", "bought"],
  ["catch", "caught"],
  ["keep", "kept"],
  ["feel", "felt"],
  ["hold", "held"],
  ["find", "found"],
  ["lose", "lost"],
  ["stand", "stood"],
  ["build", "built"],
  ["spend", "spent"],
  ["begin", "began"],
  ["blow", "blew"],
  ["fly", "flew"],
  ["know", "knew"],
  ["write", "wrote"],
  ["shake", "shook"],
  ["light", "lit"],
  ["long", "length"],
  ["wide", "width"],
  ["high", "height"],
  ["deep", "depth"],
  ["strong", "strength"],
];

const ANTONYM_PAIRS: readonly (readonly [string, string])[] = [
  ["open", "closed"],
  ["open", "close"],
  ["connected", "separated"],
  ["connected", "disconnected"],
  ["increase", "decrease"],
  ["increase", "reduce"],
  ["more", "less"],
  ["more", "fewer"],
  ["higher", "lower"],
  ["high", "low"],
  ["hot", "cold"],
  ["warm", "cool"],
  ["gain", "lose"],
  ["absorb", "release"],
  ["absorb", "reflect"],
  ["same", "different"],
  ["helpful", "harmful"],
  ["positive", "negative"],
  ["fast", "slow"],
  ["big", "small"],
  ["large", "small"],
  ["long", "short"],
  ["hard", "soft"],
  ["rough", "smooth"],
  ["push", "pull"],
  ["attract", "repel"],
  ["wet", "dry"],
  ["full", "empty"],
  ["true", "false"],
  ["weak", "strong"],
  ["add", "subtract"],
  ["multiply", "divide"],
  ["top", "bottom"],
  ["inside", "outside"],
  ["rise", "fall"],
  ["float", "sink"],
  ["expand", "contract"],
  ["melt", "freeze"],
  ["evaporate", "condense"],
  ["before", "after"],
  ["up", "down"],
  ["heavy", "light"],
  ["win", "lose"],
  ["start", "stop"],
  ["happy", "sad"],
  ["brave", "scared"],
  ["safe", "dangerous"],
  ["living", "dead"],
  ["alive", "dead"],
];

function indexPairs(pairs: readonly (readonly [string, string])[], canonical: (stem: string) => string): ReadonlyMap<string, ReadonlySet<string>> {
  const index = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    const set = index.get(from) ?? new Set<string>();
    set.add(to);
    index.set(from, set);
  };
  for (const [first, second] of pairs) {
    const [a, b] = [canonical(stemmer(first)), canonical(stemmer(second))];
    add(a, b);
    add(b, a);
  }
  return index;
}

/** Each synonym's stem mapped to one stem of its group (pairs sharing a word form one group). */
function canonicalStems(pairs: readonly (readonly [string, string])[]): ReadonlyMap<string, string> {
  const parent = new Map<string, string>();
  const root = (stem: string): string => {
    let current = stem;
    while (parent.has(current) && parent.get(current) !== current) current = parent.get(current)!;
    return current;
  };
  for (const [first, second] of pairs) {
    const [a, b] = [root(stemmer(first)), root(stemmer(second))];
    if (!parent.has(a)) parent.set(a, a);
    if (a !== b) parent.set(b, a);
  }
  return new Map([...parent.keys()].map((stem) => [stem, root(stem)]));
}

const CANONICAL = canonicalStems([...SYNONYM_PAIRS, ...WORD_FORMS]);

/** The stem that stands for a stem's synonym group (the stem itself when it has no listed synonym). */
export function canonicalStem(stem: string): string {
  return CANONICAL.get(stem) ?? stem;
}

const SYNONYMS = indexPairs([...SYNONYM_PAIRS, ...WORD_FORMS], (stem) => stem);
/** Opposites are indexed by the stems tokens carry (text.ts maps a synonym to its group's stem). */
const ANTONYMS = indexPairs(ANTONYM_PAIRS, canonicalStem);

/** Whether two stems are listed as saying the same thing. */
export function synonymous(stem: string, other: string): boolean {
  return SYNONYMS.get(stem)?.has(other) ?? false;
}

/** Whether two stems are listed as opposites. */
export function opposite(stem: string, other: string): boolean {
  return ANTONYMS.get(stem)?.has(other) ?? false;
}

/** The stems listed as opposites of a stem. */
export function oppositesOf(stem: string): readonly string[] {
  return [...(ANTONYMS.get(stem) ?? [])];
}
