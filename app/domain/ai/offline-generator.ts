import { type Difficulty } from "~/domain/questions/question-types";

import {
  asSentence,
  blankOut,
  mentionCount,
  extractTerms,
  type Sentence,
  sentenceMentions,
  splitSentences,
  stableHash,
  type Term,
} from "./offline-generator-text";
import { type DraftQuestion, type GeneratedTest } from "./schemas";

/**
 * The AI Test Generator without a model: questions drafted from the Test Context itself. Cloze
 * multiple-choice questions blank a key term out of a key sentence, with the context's other terms
 * as distractors; "explain" free-response questions keep the sentence as the reference answer.
 * Terms the instructions mention come first; otherwise the instructions are not interpreted.
 * Deterministic and total: any input gives a valid GeneratedTest.
 */
export interface OfflineGenerationRequest {
  context: string;
  instructions?: string;
  numberOfQuestions: number;
  difficultyDistribution: Record<Difficulty, number>;
  questionTypes: ("multiple_choice" | "free_response")[];
}

type ClozeQuestion = { sentence: Sentence; answer: Term };

const DIFFICULTY_ORDER: Difficulty[] = ["easy", "medium", "hard"];
const OPTION_COUNT: Record<Difficulty, number> = { easy: 3, medium: 4, hard: 5 };
const MAX_QUESTIONS = 100;

/**
 * Largest-remainder rounding of n questions over the three difficulties. Ties in the remainder go
 * to the larger share, then to the easier level, so 5 at 0.3/0.5/0.2 is easy 1, medium 3, hard 1.
 * Weights need not sum to 1 (30/50/20 works); all-zero weights share equally.
 */
export function splitByDifficulty(n: number, distribution: Record<Difficulty, number>): Record<Difficulty, number> {
  const total = Math.max(0, Math.floor(n));
  const weights = DIFFICULTY_ORDER.map((level) => (Number.isFinite(distribution[level]) ? Math.max(0, distribution[level]) : 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((weight) => (sum > 0 ? (total * weight) / sum : total / 3));
  const counts = quotas.map((quota) => Math.floor(quota + 1e-9));
  const byRemainder = DIFFICULTY_ORDER.map((_, index) => index).sort((a, b) => {
    const remainderGap = quotas[b]! - counts[b]! - (quotas[a]! - counts[a]!);
    return Math.abs(remainderGap) > 1e-9 ? remainderGap : weights[b]! - weights[a]! || a - b;
  });
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (const index of byRemainder) {
    if (left <= 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return { easy: counts[0]!, medium: counts[1]!, hard: counts[2]! };
}

export function generateOffline(request: OfflineGenerationRequest): GeneratedTest {
  const count = Math.min(MAX_QUESTIONS, Math.max(1, Math.floor(request.numberOfQuestions) || 1));
  const sentences = splitSentences(request.context);
  const terms = focusFirst(nounishFirst(extractTerms(sentences)), request.instructions ?? "");
  const topics = terms.slice(0, 3);
  const difficulties = difficultyList(count, request.difficultyDistribution);
  const wantsChoice = request.questionTypes.includes("multiple_choice") || request.questionTypes.length === 0;
  const wantsOpen = request.questionTypes.includes("free_response") || request.questionTypes.length === 0;
  // Alternate the types when both are asked for; a choice slot with no cloze left becomes "explain".
  const choiceSlots = difficulties.filter((_, index) => wantsChoice && (!wantsOpen || index % 2 === 0)).length;
  const clozes = clozeCandidates(sentences, terms, choiceSlots);
  // An explain question quoting a cloze's sentence would give its answer away: those sentences come last.
  const clozeSentences = new Set(clozes.map((cloze) => cloze.sentence.index));
  const ranked = rankSentences(sentences, terms).sort(
    (a, b) => Number(clozeSentences.has(a.index)) - Number(clozeSentences.has(b.index)),
  );
  let clozeUsed = 0;
  let explainUsed = 0;
  const questions = difficulties.map((difficulty, index): DraftQuestion => {
    const choice = wantsChoice && (!wantsOpen || index % 2 === 0) && clozeUsed < clozes.length;
    if (choice) return clozeQuestion(clozes[clozeUsed++]!, terms, topics, difficulty);
    return explainQuestion(ranked, explainUsed++, { topics, terms }, difficulty);
  });
  const choiceCount = questions.filter((question) => question.type === "multiple_choice").length;
  return {
    title: clip(`Draft: ${topics.slice(0, 2).map((topic) => capitalise(topic.text)).join(" and ") || "Test Context"}`, 200),
    description:
      `Automatically drafted from the Test Context without an AI model: ${choiceCount} fill-in-the-blank ` +
      `multiple-choice and ${questions.length - choiceCount} free-response questions. ` +
      "Review, edit or replace each question before using this test.",
    gradeLevel: "General",
    subject: clip(topics[0] ? capitalise(topics[0].text) : "General", 100),
    questions,
  };
}

function difficultyList(count: number, distribution: Record<Difficulty, number>): Difficulty[] {
  const split = splitByDifficulty(count, distribution);
  return DIFFICULTY_ORDER.flatMap((level) => Array.from({ length: split[level] }, () => level));
}

/** Sentence and answer pairs in term rank order, each sentence and each answer term used at most once. */
function clozeCandidates(sentences: Sentence[], terms: Term[], limit: number): ClozeQuestion[] {
  const pairs: ClozeQuestion[] = [];
  const usedSentences = new Set<number>();
  // Full statements first: blanking a word out of a heading or fragment makes a poor question.
  const ordered = [...sentences].sort((a, b) => Number(b.isStatement) - Number(a.isStatement) || a.index - b.index);
  for (const answer of terms) {
    if (pairs.length >= limit) break;
    // A term said twice in its sentence would leave two blanks, or one blank and the answer beside it.
    const sentence = ordered.find((candidate) => !usedSentences.has(candidate.index) && mentionCount(candidate, answer) === 1);
    if (!sentence || wordCount(sentence.text) < 4 || distractorsFor(answer, sentence, terms, 1).length === 0) continue;
    usedSentences.add(sentence.index);
    pairs.push({ sentence, answer });
  }
  return pairs;
}

/**
 * Wrong options: the context's other terms, nouns and the answer's shape (phrase or word) first,
 * then those ranked nearest the answer, so options are alike in salience and vary between questions.
 */
function distractorsFor(answer: Term, sentence: Sentence, terms: Term[], count: number): Term[] {
  const answerStems = new Set(answer.key.split(" "));
  const isPhrase = answer.key.includes(" ");
  const rank = new Map(terms.map((term, index) => [term.key, index]));
  const answerRank = rank.get(answer.key) ?? 0;
  const closeness = (term: Term) => Math.abs((rank.get(term.key) ?? 0) - answerRank);
  const sameShape = (term: Term) => Number(term.key.includes(" ") === isPhrase);
  return terms
    .filter((term) => !term.key.split(" ").some((stem) => answerStems.has(stem)))
    .filter((term) => !sentenceMentions(sentence, term))
    .filter((term) => term.text.toLowerCase() !== answer.text.toLowerCase())
    .sort(
      (a, b) =>
        Number(b.nounish) - Number(a.nounish) ||
        sameShape(b) - sameShape(a) ||
        closeness(a) - closeness(b) ||
        (rank.get(a.key) ?? 0) - (rank.get(b.key) ?? 0),
    )
    .slice(0, count);
}

/** Terms the instructions name ("focus on glucose") lead, so the drafts follow the teacher's focus. */
function focusFirst(terms: Term[], instructions: string): Term[] {
  if (!instructions.trim()) return terms;
  const focus = asSentence(instructions);
  return [...terms].sort((a, b) => Number(sentenceMentions(focus, b)) - Number(sentenceMentions(focus, a)));
}

/** Nouns make better answers, topics and distractors than verbs; the sort is stable, so scores still rank. */
function nounishFirst(terms: Term[]): Term[] {
  return [...terms].sort((a, b) => Number(b.nounish) - Number(a.nounish));
}

function clozeQuestion(cloze: ClozeQuestion, terms: Term[], topics: Term[], difficulty: Difficulty): DraftQuestion {
  const { sentence, answer } = cloze;
  const distractors = distractorsFor(answer, sentence, terms, OPTION_COUNT[difficulty] - 1).map((term) => term.text);
  const options = distractors.map((text) => ({ text, isCorrect: false }));
  options.splice(stableHash(sentence.text + answer.key) % (options.length + 1), 0, { text: answer.text, isCorrect: true });
  return {
    text: `Which term completes the statement: "${blankOut(sentence.text, answer)}"?`,
    type: "multiple_choice",
    difficulty,
    options,
    competency: competencyFor(sentence, topics, terms, answer),
    rubric: `The statement in the material: "${sentence.text}"`,
  };
}

const EXPLAIN_PROMPTS: Record<Difficulty, (sentence: string) => string> = {
  easy: (sentence) => `In your own words, explain what this statement means: "${sentence}"`,
  medium: (sentence) => `In your own words, explain the following statement and why it is true: "${sentence}"`,
  hard: (sentence) => `Explain the following statement in your own words and give an example that applies it: "${sentence}"`,
};

function explainQuestion(
  ranked: Sentence[],
  used: number,
  { topics, terms }: { topics: Term[]; terms: Term[] },
  difficulty: Difficulty,
): DraftQuestion {
  const sentence = ranked.length ? ranked[used % ranked.length] : undefined;
  // A context too short for distinct questions repeats its sentences; number the repeats apart.
  const round = ranked.length ? Math.floor(used / ranked.length) : used;
  const suffix = round > 0 ? ` (part ${round + 1})` : "";
  if (!sentence) {
    return {
      text: `In your own words, explain the main idea of this topic.${suffix}`,
      type: "free_response",
      difficulty,
      options: [],
      competency: "General",
      rubric: "",
    };
  }
  const keyTerms = topics.filter((topic) => sentenceMentions(sentence, topic)).map((topic) => topic.text);
  return {
    text: `${EXPLAIN_PROMPTS[difficulty](sentence.text)}${suffix}`,
    type: "free_response",
    difficulty,
    options: [],
    competency: competencyFor(sentence, topics, terms),
    rubric:
      `Reference: ${sentence.text}` + (keyTerms.length ? `\nA complete answer uses the terms: ${keyTerms.join(", ")}.` : ""),
  };
}

/** Full statements first, each group ranked by the weight of its key terms, long ones not favoured outright. */
function rankSentences(sentences: Sentence[], terms: Term[]): Sentence[] {
  const top = terms.slice(0, 20);
  // A sentence opening with a pronoun ("It takes place…") reads poorly on its own.
  const weight = (sentence: Sentence) =>
    (top.filter((term) => sentenceMentions(sentence, term)).reduce((sum, term) => sum + term.score, 0) /
      Math.sqrt(Math.max(1, wordCount(sentence.text)))) *
    (/^(?:it|this|that|these|those|they|he|she)\b/i.test(sentence.text) ? 0.5 : 1);
  const weights = new Map(sentences.map((sentence) => [sentence.index, weight(sentence)]));
  return [...sentences].sort(
    (a, b) =>
      Number(b.isStatement) - Number(a.isStatement) || weights.get(b.index)! - weights.get(a.index)! || a.index - b.index,
  );
}

/**
 * The question's topic: the first main topic of the context its sentence mentions, else the
 * sentence's own best term, else the main topic; never the blanked answer, which it would give away.
 */
function competencyFor(sentence: Sentence, topics: Term[], terms: Term[], answer?: Term): string {
  const eligible = (candidates: Term[]) => candidates.filter((term) => term.key !== answer?.key);
  const mentioned = (term: Term) => sentenceMentions(sentence, term);
  const topic = eligible(topics).find(mentioned) ?? eligible(terms).find(mentioned) ?? eligible(topics)[0];
  return topic ? clip(capitalise(topic.text), 200) : "General";
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
