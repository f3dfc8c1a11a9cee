import { type Difficulty } from "~/domain/questions/question-types";
import { type OfflineDraftType, offlineDraftType } from "~/domain/questions/types";

import { choiceSlots, DIFFICULTY_ORDER, splitByDifficulty, splitByType } from "./offline-generator-split";
import {
  asSentence,
  blankOut,
  extractTerms,
  mentionCount,
  type Sentence,
  sentenceMentions,
  splitSentences,
  stableHash,
  stemsFromFirstContentWord,
  type Term,
} from "./offline-generator-text";
import { type DraftQuestion, type GeneratedTest } from "./schemas";

/**
 * The AI Test Generator without a model: questions drafted from the Test Context itself. Cloze
 * multiple-choice questions blank a key term out of a key sentence, with the context's other terms
 * as distractors; "explain" free-response questions keep the sentence as the reference answer.
 * The title and the competencies name the passage's main ideas; the types come in the proportions
 * asked for. Terms the instructions mention come first, and proportions they name are followed;
 * otherwise the instructions are not interpreted. Deterministic and total: any input gives a valid
 * GeneratedTest.
 */
export interface OfflineGenerationRequest {
  context: string;
  instructions?: string;
  numberOfQuestions: number;
  difficultyDistribution: Record<Difficulty, number>;
  questionTypes: OfflineDraftType[];
}

type ClozeQuestion = { sentence: Sentence; answer: Term };

const OPTION_COUNT: Record<Difficulty, number> = { easy: 3, medium: 4, hard: 5 };
const MAX_QUESTIONS = 100;

export function generateOffline(request: OfflineGenerationRequest): GeneratedTest {
  const count = Math.min(MAX_QUESTIONS, Math.max(1, Math.floor(request.numberOfQuestions) || 1));
  const instructions = request.instructions ?? "";
  const sentences = splitSentences(request.context);
  const terms = focusFirst(nounishFirst(extractTerms(sentences)), instructions);
  const topics = withFocus(mainTopics(sentences, terms), terms, instructions).slice(0, MAIN_TOPICS);
  const difficulties = difficultyList(count, request.difficultyDistribution);
  const slots = choiceSlots(count, splitByType(count, request.questionTypes, instructions)[offlineDraftType("cloze")]);
  const clozes = clozeCandidates(sentences, terms, slots.size);
  // An explain question quoting a cloze's sentence would give its answer away: those sentences come last.
  const clozeSentences = new Set(clozes.map((cloze) => cloze.sentence.index));
  const ranked = rankSentences(sentences, terms).sort((a, b) => Number(clozeSentences.has(a.index)) - Number(clozeSentences.has(b.index)));
  let clozeUsed = 0;
  let explainUsed = 0;
  const questions = difficulties.map((difficulty, index): DraftQuestion => {
    // A context with too few terms for options gets explain questions instead.
    if (slots.has(index) && clozeUsed < clozes.length) return clozeQuestion(clozes[clozeUsed++]!, terms, topics, difficulty);
    return explainQuestion(ranked, explainUsed++, { topics }, difficulty);
  });
  const choiceCount = questions.filter((question) => question.type === offlineDraftType("cloze")).length;
  const mainTopic = topics[0] ?? terms[0];
  return {
    title: clip(`Draft: ${mainTopic ? titleCase(mainTopic.text) : "Test Context"}`, 200),
    description:
      `Automatically drafted from the Test Context without an AI model: ${choiceCount} fill-in-the-blank ` +
      `multiple-choice and ${questions.length - choiceCount} free-response questions. ` +
      "Review, edit or replace each question before using this test.",
    gradeLevel: "General",
    subject: clip(mainTopic ? titleCase(mainTopic.text) : "General", 100),
    questions,
  };
}

/** How many main ideas a draft's competencies are drawn from. */
const MAIN_TOPICS = 5;

/**
 * The passage's main ideas: its topical terms (noun phrases and nouns, see `Term.topical`) by
 * weight, the subject of its opening statement first ("The water cycle describes…"), without two
 * that share a word (the heavier of "water cycle" and "water vapour" stands for both).
 */
function mainTopics(sentences: Sentence[], terms: Term[]): Term[] {
  const topical = terms.filter((term) => term.topical);
  const opening = openingSubject(sentences, topical);
  const ordered = opening ? [opening, ...topical.filter((term) => term !== opening)] : topical;
  const chosen: Term[] = [];
  const usedStems = new Set<string>();
  for (const term of ordered) {
    const stems = term.key.split(" ");
    if (stems.some((stem) => usedStems.has(stem))) continue;
    chosen.push(term);
    for (const stem of stems) usedStems.add(stem);
  }
  return chosen;
}

/** The topical term the passage's first statement opens with, after its articles: what the passage is about. */
function openingSubject(sentences: Sentence[], topical: Term[]): Term | undefined {
  const first = sentences.find((sentence) => sentence.isStatement) ?? sentences[0];
  if (!first) return undefined;
  const stems = stemsFromFirstContentWord(first.text);
  for (let length = Math.min(4, stems.length); length >= 1; length -= 1) {
    const key = stems.slice(0, length).join(" ");
    const found = topical.find((term) => term.key === key);
    if (found) return found;
  }
  return undefined;
}

function difficultyList(count: number, distribution: Record<Difficulty, number>): Difficulty[] {
  const split = splitByDifficulty(count, distribution);
  return DIFFICULTY_ORDER.flatMap((level) => Array.from({ length: split[level] }, () => level));
}

/**
 * Sentence and answer pairs in term rank order, as many as the multiple-choice share needs: first
 * each sentence and each answer once; then, for a short passage, a sentence again with another
 * blank; then an answer again in another sentence. Never the same pair twice.
 */
function clozeCandidates(sentences: Sentence[], terms: Term[], limit: number): ClozeQuestion[] {
  const pairs: ClozeQuestion[] = [];
  const usedPairs = new Set<string>();
  const usedSentences = new Set<number>();
  const usedAnswers = new Set<string>();
  // Full statements first: blanking a word out of a heading or fragment makes a poor question.
  const ordered = [...sentences].sort((a, b) => Number(b.isStatement) - Number(a.isStatement) || a.index - b.index);
  const passes = [
    { reuseSentences: false, reuseAnswers: false },
    { reuseSentences: true, reuseAnswers: false },
    { reuseSentences: true, reuseAnswers: true },
  ];
  for (const pass of passes) {
    for (const answer of terms) {
      if (pairs.length >= limit) return pairs;
      if (!pass.reuseAnswers && usedAnswers.has(answer.key)) continue;
      // A term said twice in its sentence would leave two blanks, or one blank and the answer beside it.
      const sentence = ordered.find(
        (candidate) =>
          (pass.reuseSentences || !usedSentences.has(candidate.index)) &&
          !usedPairs.has(`${candidate.index} ${answer.key}`) &&
          mentionCount(candidate, answer) === 1 &&
          wordCount(candidate.text) >= 4 &&
          distractorsFor(answer, candidate, terms, 1).length > 0,
      );
      if (!sentence) continue;
      usedSentences.add(sentence.index);
      usedAnswers.add(answer.key);
      usedPairs.add(`${sentence.index} ${answer.key}`);
      pairs.push({ sentence, answer });
    }
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
        Number(b.nounish) - Number(a.nounish) || sameShape(b) - sameShape(a) || closeness(a) - closeness(b) || (rank.get(a.key) ?? 0) - (rank.get(b.key) ?? 0),
    )
    .slice(0, count);
}

/** Terms the instructions name ("focus on glucose") lead, so the drafts follow the teacher's focus. */
function focusFirst(terms: Term[], instructions: string): Term[] {
  if (!instructions.trim()) return terms;
  const focus = asSentence(instructions);
  return [...terms].sort((a, b) => Number(sentenceMentions(focus, b)) - Number(sentenceMentions(focus, a)));
}

/** The terms the instructions name ("focus on glucose") are the draft's main ideas, before the passage's own. */
function withFocus(topics: Term[], terms: Term[], instructions: string): Term[] {
  if (!instructions.trim()) return topics;
  const focus = asSentence(instructions);
  const focused = terms.filter((term) => sentenceMentions(focus, term));
  return [...focused, ...topics.filter((topic) => !focused.includes(topic))];
}

/**
 * Main-idea terms, then other nouns, make better answers and distractors than modifiers and verbs
 * ("green" in "Green plants…"); the sort is stable, so scores still rank.
 */
function nounishFirst(terms: Term[]): Term[] {
  return [...terms].sort((a, b) => Number(b.topical) - Number(a.topical) || Number(b.nounish) - Number(a.nounish));
}

function clozeQuestion(cloze: ClozeQuestion, terms: Term[], topics: Term[], difficulty: Difficulty): DraftQuestion {
  const { sentence, answer } = cloze;
  const distractors = distractorsFor(answer, sentence, terms, OPTION_COUNT[difficulty] - 1).map((term) => term.text);
  const options = distractors.map((text) => ({ text, isCorrect: false }));
  options.splice(stableHash(sentence.text + answer.key) % (options.length + 1), 0, { text: answer.text, isCorrect: true });
  return {
    text: `Which term completes the statement: "${blankOut(sentence.text, answer)}"?`,
    type: offlineDraftType("cloze"),
    difficulty,
    options,
    competency: competencyFor(sentence, topics, answer),
    rubric: `The statement in the material: "${sentence.text}"`,
  };
}

const EXPLAIN_PROMPTS: Record<Difficulty, (sentence: string) => string> = {
  easy: (sentence) => `In your own words, explain what this statement means: "${sentence}"`,
  medium: (sentence) => `In your own words, explain the following statement and why it is true: "${sentence}"`,
  hard: (sentence) => `Explain the following statement in your own words and give an example that applies it: "${sentence}"`,
};

function explainQuestion(ranked: Sentence[], used: number, { topics }: { topics: Term[] }, difficulty: Difficulty): DraftQuestion {
  const sentence = ranked.length ? ranked[used % ranked.length] : undefined;
  // A context too short for distinct questions repeats its sentences; number the repeats apart.
  const round = ranked.length ? Math.floor(used / ranked.length) : used;
  const suffix = round > 0 ? ` (part ${round + 1})` : "";
  if (!sentence) {
    return {
      text: `In your own words, explain the main idea of this topic.${suffix}`,
      type: offlineDraftType("explain"),
      difficulty,
      options: [],
      competency: "General",
      rubric: "",
    };
  }
  const keyTerms = topics.filter((topic) => sentenceMentions(sentence, topic)).map((topic) => topic.text);
  return {
    text: `${EXPLAIN_PROMPTS[difficulty](sentence.text)}${suffix}`,
    type: offlineDraftType("explain"),
    difficulty,
    options: [],
    competency: competencyFor(sentence, topics),
    rubric: `Reference: ${sentence.text}` + (keyTerms.length ? `\nA complete answer uses the terms: ${keyTerms.join(", ")}.` : ""),
  };
}

/** Full statements first, each group ranked by the weight of its key terms, long ones not favoured outright. */
function rankSentences(sentences: Sentence[], terms: Term[]): Sentence[] {
  const top = terms.slice(0, 20);
  // A sentence opening with a pronoun ("It takes place…") reads poorly on its own.
  const weight = (sentence: Sentence) =>
    (top.filter((term) => sentenceMentions(sentence, term)).reduce((sum, term) => sum + term.score, 0) / Math.sqrt(Math.max(1, wordCount(sentence.text)))) *
    (/^(?:it|this|that|these|those|they|he|she)\b/i.test(sentence.text) ? 0.5 : 1);
  const weights = new Map(sentences.map((sentence) => [sentence.index, weight(sentence)]));
  return [...sentences].sort((a, b) => Number(b.isStatement) - Number(a.isStatement) || weights.get(b.index)! - weights.get(a.index)! || a.index - b.index);
}

/**
 * The question's competency: the first of the passage's main ideas its sentence mentions, else the
 * main idea itself; never the blanked answer, which it would give away.
 */
function competencyFor(sentence: Sentence, topics: Term[], answer?: Term): string {
  const eligible = topics.filter((term) => term.key !== answer?.key);
  const topic = eligible.find((term) => sentenceMentions(sentence, term)) ?? eligible[0];
  return topic ? clip(titleCase(topic.text), 200) : "General";
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const MINOR_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"]);

/** "carbon dioxide" as a name: "Carbon Dioxide"; "Reign of Terror" and "DNA" stay as they are. */
function titleCase(text: string): string {
  return text
    .split(" ")
    .map((word, index) => (index > 0 && MINOR_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
