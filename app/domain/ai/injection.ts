import type { StudentAnswer } from "./grading-request";

/**
 * Prompt-injection screening of student text before it reaches a grader. Student text is data:
 * suspicious parts are removed (never rewritten), the answer is flagged for teacher review, and
 * it is then delimited. Removal can only lower a score, never raise it, so the rules lean towards
 * removing too much from a flagged answer rather than leaving an instruction in.
 *
 * Trade-offs (accepted false positives, all of which only send an answer to teacher review):
 * HTML comments and hidden HTML are always flagged (a web-development answer quoting them too);
 * "DAN" in capitals, "developer mode enabled", "score = 95" (code included, arithmetic like
 * "score = 100 - x" excepted), a line starting "System:", "consider this answer correct", and a
 * JSON object with a score/grade/marks key are flagged wherever they appear. From the first
 * suspicious sentence the rest of its paragraph is dropped: injections run on past one sentence.
 */

export const MAX_ANSWER_CHARS = 5000; // the UI says "up to 5,000 characters"
const STUDENT_ANSWER_TAG = "student_answer";

type ScreenedText = { text: string; flagged: boolean; reasons: string[]; truncated: boolean };
type InjectionReason = "instruction_override" | "role_play" | "score_demand" | "hidden_text" | "delimiter" | "encoded";

// Zero-width, bidi controls, word joiners, BOM, soft hyphen; U+E000 is our removal marker.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF\u00AD\u180E\uE000]/g;
const CONFUSABLE_SPACE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\v\f]/g; // tabs stay (code)
const REMOVED = "\uE000";

/** Homoglyphs (after lowercasing) that render like Latin letters: Cyrillic, then Greek. */
const HOMOGLYPHS: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  һ: "h",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };

type Rule = { reason: InjectionReason; pattern: RegExp };
const GAP = "[^.!?\\n]{0,40}?"; // a few words within one sentence
const rule = (reason: InjectionReason, source: string): Rule => ({ reason, pattern: new RegExp(source) });

/** Rules run on a lowercased, accent-free, homoglyph-folded copy with single spaces. */
const SEGMENT_RULES: Rule[] = [
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget|override|bypass|discard|neglect|skip)\\b${GAP}\\b(previous|prior|above|earlier|preceding|foregoing|original|initial|system|grading|existing|given|old)\\s+(instructions?|rules?|rubric|guidelines?|guidance|prompts?|directions?|directives?|criteria|context|constraints|messages?)\\b`,
  ),
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget)\\s+(everything|all|anything)\\s+(above|before|prior|previous|else|you were told)\\s*(this|that|and|[,.;:!]|$)`,
  ),
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget|override|bypass|discard)\\s+(all|any|your)\\s+(of\\s+)?(your\\s+|the\\s+)?(instructions|prompts?|rubric|guidelines|directions|directives|system prompt|grading criteria)\\b`,
  ),
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget|override|bypass|discard)\\s+(the|these|those|all)?\\s*(instructions|rules|rubric|prompt|guidelines)\\s+(above|before this|given to you|you were given|you received|so far)\\b`,
  ),
  rule("instruction_override", `ignore(all)?(previous|prior|above|your)(instructions|rules|prompts?)`),
  rule(
    "instruction_override",
    `\\b(new|updated|revised|real|actual|true|additional|secret|hidden|override)\\s+(instructions?|task|prompt|directives?|rubric|grading (rules|criteria|instructions))\\s*[:\\-]`,
  ),
  rule("instruction_override", `\\b(rubric|grading|instruction|policy|scoring)\\s+(update|override|change|amendment|revision|exception)\\b`),
  rule("instruction_override", `^\\W*(system|assistant|developer|admin|administrator|ai|grader|model|instructions?)\\s*(prompt\\s*)?[:>]`),
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget)\\s+(what|whatever|anything|everything)\\s+(you\\s+)?(were|have been|was|are)\\s+(told|given|instructed)\\b`,
  ),
  rule(
    "instruction_override",
    `\\b(ignore|disregard|forget|overlook|bypass|skip)\\s+(the|your|this)\\s+(rubric|grading criteria|marking scheme|mark scheme)\\b`,
  ),
  rule("instruction_override", `^\\W*(grader|evaluator|marker|examiner|chatgpt|assistant)\\s*,|\\bplease\\s+(be|go)\\s+(generous|lenient|easy on)\\b`),
  rule("instruction_override", `\\b(vergiss|ignoriere|olvida|ignora|oublie|oubliez)\\s+(alles|todo|tout)\\b`),
  rule("instruction_override", `\\[\\s*(system|admin|instructions?|developer|assistant|override)\\s*\\]`),
  rule("instruction_override", `#{1,6}\\s*(instructions?|system|new task|prompt|admin)\\b`),
  rule(
    "instruction_override",
    `\\b(system|admin|administrator|developer|root|sudo|priority|emergency|teacher)\\s+(override|prompt|command|notice|directive)\\b`,
  ),
  rule("instruction_override", `\\b(grading|grader'?s?|evaluator'?s?|marker'?s?|examiner'?s?)\\s+(note|notice|instructions?|update|memo)\\b`),
  rule(
    "instruction_override",
    `\\b(note|message|instructions?|attention|reminder|memo)\\s+(to|for)\\s+(the\\s+)?(grader|ai|model|assistant|llm|evaluator|marker|examiner|gpt|chatgpt|grading (ai|system|model|bot))\\b`,
  ),
  rule(
    "instruction_override",
    `\\b(dear|hey|hi|hello|attention|psst)\\s*,?\\s+(grader|ai|model|assistant|llm|gpt|chatgpt|evaluator|grading (ai|system|model|bot))\\b`,
  ),
  rule(
    "instruction_override",
    `\\bas (the|a|an|my|our)\\s+(grader|ai|evaluator|marker|examiner|assistant|language model|llm|model|grading (ai|system|model))\\s*,?\\s+(you|your job)\\b`,
  ),
  // Other languages: ignore/forget ... instructions (es, fr, de, it, pt).
  rule(
    "instruction_override",
    `\\b(ignora|ignorar|ignoriere[n]?|vergiss|vergessen|missachte|olvida|olvidar|dimentica|esquece|esqueca)\\b${GAP}\\b(instrucciones|instructions|anweisungen|instruktionen|vorgaben|istruzioni|instrucoes|reglas|regeln)\\b`,
  ),
  // French "ignore" is also English, so it needs a French article ("ignore the instructions" stays honest).
  rule("instruction_override", `\\b(ignore[zr]?|oublie[zr]?)\\s+(toutes\\s+)?(les|vos|tes)\\s+(instructions|consignes|regles)\\b`),
  rule("role_play", `\\byou are now\\s+(a|an|the|my|dan|no longer|free|unrestricted|jailbroken|called|named|in (developer|dev|god) mode|\\w*gpt)\\b`),
  rule("role_play", `\\bfrom now on\\s*,?\\s+(you|act|behave|respond|answer|grade)\\b`),
  rule(
    "role_play",
    `\\b(act|behave|respond|answer|function|operate)\\s+as\\s+(if\\s+you\\s+(are|were)\\s+)?(a|an|the|my)?\\s*([\\w']+\\s+){0,2}(grader|ai|assistant|model|chatbot|bot|evaluator|examiner|marker|dan|llm|gpt|persona)\\b`,
  ),
  rule(
    "role_play",
    `\\bpretend\\s+(that\\s+)?(you('re| are| were)|to be)\\s+(a|an|the|my)?\\s*([\\w']+\\s+){0,2}(grader|teacher|ai|assistant|model|evaluator|examiner|marker|llm|friend|human|dan)\\b`,
  ),
  rule("role_play", `\\b(let'?s|lets|we will|you will|now)\\s+role[\\s-]?play\\b|\\brole[\\s-]?play\\s+(as|that you|where you)\\b`),
  rule(
    "role_play",
    `\\b(developer|dev|god|jailbreak|unrestricted|dan)\\s+mode\\s+(enabled|activated|engaged)\\b|\\b(enter|activate|switch to|are now in|you're in)\\s+(developer|dev|god|jailbreak|unrestricted|dan)\\s+mode\\b`,
  ),
  rule("role_play", `\\b(enable|unlock)\\s+(god|jailbreak|unrestricted|dan)\\s+mode\\b|\\bjailbr(eak|oken)\\b|\\bdo anything now\\b`),
  rule(
    "score_demand",
    `\\b(give|award|assign|grant|rate|grade|score|mark)\\s+(me|us|this|it|my\\s+\\w+|the\\s+(student|answer|response|essay|submission)|this\\s+\\w+)\\s+(a\\s+|an\\s+)?(score\\s+of\\s+|grade\\s+of\\s+|mark\\s+of\\s+)?(100|full|max|maximum|perfect|top|highest|10\\s*/\\s*10|an?\\s+a\\+?(\\s|$))`,
  ),
  rule(
    "score_demand",
    `\\b(output|return|respond with|reply with|print|set|put|write|enter)\\s+(a\\s+|the\\s+|my\\s+)?(final\\s+)?(score|grade|mark)s?\\s+(of\\s+|to\\s+|as\\s+|=\\s*|:\\s*)?\\d{2,3}\\b`,
  ),
  rule(
    "score_demand",
    `\\b(give|award|assign|grant)\\b[^.!?\\n]{0,60}?(\\b(full|maximum|max|perfect|top|highest|100%?)\\s+(marks?|points?|credit|score|grade)\\b|\\ban?\\s+a\\+?(?=\\s*([.!,;]|$)))`,
  ),
  rule("score_demand", `\\bi\\s+(want|need|would like|expect|demand)\\s+(a\\s+|an\\s+)?(100|full|perfect|maximum|max|top)\\b`),
  rule("score_demand", `\\bshould be (graded|marked|scored)\\s+(as such|as correct|accordingly|highly|generously|100)\\b`),
  rule(
    "score_demand",
    `\\b(i|it|this|this answer|my answer|this response|the student|this student)\\s+(deserves?|should (get|receive|be given)|must (get|receive|be given)|earns?|merits?)\\s+(a\\s+|an\\s+)?(100|full|perfect|maximum|max|top|an? a\\b)`,
  ),
  rule("score_demand", `\\b(score|grade|mark)\\s*["']?\\s*[:=]\\s*["']?\\s*\\d{2,3}(\\.\\d+)?\\b(?!\\s*[-+*/^x×÷])`),
  rule(
    "score_demand",
    `\\bthe\\s+(correct|right|appropriate|true|only acceptable|expected)\\s+(score|grade|mark)\\s+(for\\s+\\w+\\s+(answer|response)\\s+)?(is|should be|must be|=)\\b`,
  ),
  rule(
    "score_demand",
    `\\b(mark|grade|treat|consider|evaluate|score|rate|count|accept)\\s+(it|this|my answer|the answer|this answer|this response|my response)\\s+(as\\s+)?(being\\s+)?(fully\\s+|100%\\s+)?(correct|right|perfect|excellent|complete|full marks)\\b`,
  ),
  rule(
    "score_demand",
    `\\bany\\s+(answer|response|submission)\\b[^.!?\\n]{0,60}\\b(gets?|receives?|should (get|receive)|earns?|scores?|is worth)\\s+(a\\s+)?(100|full|max|maximum|perfect)\\b`,
  ),
  rule("delimiter", `\\bend of (the )?student('?s)? (answer|response|submission|input)\\b|^\\W*(-{3,}|={3,})\\s*(end|begin|system|instructions?)\\b`),
];

/** Whole blocks removed before sentence screening; each leaves a REMOVED marker behind. */
const BLOCK_RULES: Rule[] = [
  // A closing answer tag: everything up to a reopening tag (or the end) was written as "outside".
  {
    reason: "delimiter",
    pattern:
      /(?:<|&lt;)\s*\/\s*student[\s_-]*(?:answer|response)\b[^>&]{0,40}(?:>|&gt;)[\s\S]*?(?:(?:<|&lt;)\s*student[\s_-]*(?:answer|response)\b[^>&]{0,40}(?:>|&gt;)|$)/gi,
  },
  { reason: "hidden_text", pattern: /<!--[\s\S]*?(?:-->|$)/gi },
  {
    reason: "hidden_text",
    pattern:
      /<([a-z][\w-]*)\b[^>]{0,300}?(?:\bhidden\b|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0|color\s*:\s*(?:white|#fff\b|#ffffff|transparent))[^>]{0,300}>[\s\S]*?(?:<\/\s*\1\s*>|$)/gi,
  },
  {
    reason: "hidden_text",
    pattern: /<\s*(system|assistant|developer|instructions?|prompt|admin|grader|sys|hidden)\b[^>]{0,100}>[\s\S]*?(?:<\s*\/\s*\1\s*>|$)/gi,
  },
  { reason: "hidden_text", pattern: /^\s*\[[^\]\n]{0,40}\]:\s*#?\s*[("][^\n]*$/gim },
  { reason: "delimiter", pattern: /```\s*(system|instructions?|prompt|assistant|developer|admin)\b[\s\S]*?(?:```|$)/gi },
  {
    reason: "delimiter",
    pattern:
      /(?:<|&lt;)\s*\/?\s*(?:student[\s_-]*(?:answer|response)|rubric|reference[\s_-]*answer|instructions?|context|user[\s_-]*input)\b[^>&]{0,40}(?:>|&gt;)/gi,
  },
  { reason: "delimiter", pattern: /<\|[^|>\n]{1,24}\|>|\[\/?INST\]|<<\/?SYS>>/gi },
  { reason: "score_demand", pattern: /\{[^{}]{0,400}?["']?\b(?:score|grade|marks?)\b["']?\s*:[^{}]{0,400}\}/gi },
];

const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;

/** NFKC, invisible characters removed, exotic spaces made plain; newlines kept. */
function normaliseText(raw: string): { text: string; hadInvisible: boolean } {
  const nfkc = raw.normalize("NFKC").replace(/\r\n?/g, "\n");
  return { text: nfkc.replace(INVISIBLE, "").replace(CONFUSABLE_SPACE, " "), hadInvisible: nfkc.search(INVISIBLE) !== -1 };
}

/** "i g n o r e" and "i.g.n.o.r.e" become "ignore" (single separators only, so words stay apart). */
const joinSpacedLetters = (s: string) => s.replace(/\b(?:[a-z0-9][ .\-_*|]){3,}[a-z0-9]\b/g, (run) => run.replace(/[ .\-_*|]/g, ""));

/** The copies the rules read: plain, leetspeak-folded, and reversed (for bidi-reversed text). */
function matchingForms(segment: string): string[] {
  const folded = segment
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x00-\x7F]/g, (c) => HOMOGLYPHS[c] ?? c)
    .replace(/[*_~`]/g, "");
  const plain = joinSpacedLetters(folded).replace(/\s+/g, " ").trim();
  const leet = plain.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);
  return [plain, leet, [...plain].reverse().join("")];
}

/** The reasons a piece of text (a sentence, or decoded base64) is suspicious; empty when clean. */
export function findInjectionReasons(segment: string): InjectionReason[] {
  const forms = matchingForms(segment);
  const reasons = SEGMENT_RULES.filter(({ pattern }) => forms.some((form) => pattern.test(form))).map((r) => r.reason);
  if (/\bDAN\b/.test(segment)) reasons.push("role_play");
  return [...new Set(reasons)];
}

/** Base64 (or base64url) text decoded, when it decodes to readable UTF-8 text; otherwise null. */
function decodeBase64Text(run: string): string | null {
  const standard = run.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  try {
    const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, "="));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return /^[\p{L}\p{N}\p{P}\p{S}\s]+$/u.test(decoded) && /\s/.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

function removeBlocks(text: string, reasons: Set<InjectionReason>): string {
  let result = text;
  for (const { reason, pattern } of BLOCK_RULES) {
    result = result.replace(pattern, () => {
      reasons.add(reason);
      return REMOVED;
    });
  }
  return result.replace(BASE64_RUN, (run) => {
    const decoded = decodeBase64Text(run);
    const inner = decoded === null ? [] : findInjectionReasons(decoded);
    if (inner.length === 0) return run;
    for (const reason of ["encoded" as const, ...inner]) reasons.add(reason);
    return REMOVED;
  });
}

/** Sentences and lines, each with its trailing whitespace, so joining them restores the text. */
const splitSentences = (paragraph: string): string[] => paragraph.match(/[^\n]*?(?:[.!?]+(?=\s|$)|\n|$)[ \t]*\n?/g)?.filter((s) => s !== "") ?? [];

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /\w/.test(w)).length;

/**
 * Keeps a paragraph up to its first suspicious sentence. A sentence that held a removed block
 * keeps its own words unless they are a short lead-in ("Output: {json}").
 */
function screenParagraph(paragraph: string, reasons: Set<InjectionReason>): string {
  const sentences = splitSentences(paragraph);
  const kept: string[] = [];
  for (const [index, sentence] of sentences.entries()) {
    const next = sentences[index + 1] ?? "";
    const own = findInjectionReasons(sentence);
    // An instruction split across a line break: this sentence plus the next, when the next alone is clean.
    const across = own.length > 0 || next === "" || findInjectionReasons(next).length > 0 ? [] : findInjectionReasons(sentence + " " + next);
    const found = [...own, ...across];
    if (found.length > 0) {
      for (const reason of found) reasons.add(reason);
      break;
    }
    if (!sentence.includes(REMOVED)) kept.push(sentence);
    else if (wordCount(sentence.replaceAll(REMOVED, "")) >= 4) kept.push(sentence.replace(/ *\uE000+ */g, " "));
  }
  return kept.join("");
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Cuts to at most maxChars without splitting a surrogate pair. */
function truncate(text: string, maxChars: number): string {
  const cut = text.slice(0, maxChars);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function screenStudentText(raw: string, maxChars = MAX_ANSWER_CHARS): ScreenedText {
  // Bound the work on absurdly long input; the cut part would be truncated anyway.
  const workLimit = maxChars * 4;
  const { text: normalised, hadInvisible } = normaliseText(raw.slice(0, workLimit));
  const reasons = new Set<InjectionReason>();
  const withoutBlocks = removeBlocks(normalised, reasons);
  const paragraphs = withoutBlocks.split(/(\n[ \t]*\n)/);
  const screened = paragraphs.map((part, i) => (i % 2 === 1 ? part : screenParagraph(part, reasons)));
  const cleaned = tidy(screened.join("").replaceAll(REMOVED, ""));
  if (hadInvisible && reasons.size > 0) reasons.add("hidden_text");
  const text = truncate(cleaned, maxChars);
  return { text, flagged: reasons.size > 0, reasons: [...reasons].sort(), truncated: text.length < cleaned.length || raw.length > workLimit };
}

/** True when a tag-like run, once folded, opens or closes the student answer section. */
function isStudentAnswerTag(tagLike: string): boolean {
  const folded = tagLike
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/[\s_\-.]/g, "");
  return /^<\/?student(answer|response)/.test(folded);
}

/** Wraps student text in the answer tags; look-alike tags inside become brackets the model cannot mistake. */
export function delimitStudentText(text: string): string {
  const safe = text.replace(/[<\uFF1C\uFE64][^<>\uFF1C\uFF1E\uFE64\uFE65\n]{0,80}[>\uFF1E\uFE65]?/g, (tagLike) =>
    isStudentAnswerTag(tagLike) ? "[" + tagLike.normalize("NFKC").replace(INVISIBLE, "").replace(/^<|>$/g, "") + "]" : tagLike,
  );
  return `<${STUDENT_ANSWER_TAG}>\n${safe}\n</${STUDENT_ANSWER_TAG}>`;
}

/**
 * A grading prompt in two parts: the part before the student's text, the same for every answer to
 * the question (a grading log names it by key, stored once), and the student's own part from its
 * opening tag. The answer's own tags are escaped by delimitStudentText, so the last opening tag is
 * the delimiter; wherever it splits, the two parts joined are the prompt. Null without the tag.
 */
export function splitGradingPrompt(prompt: string): { shared: string; own: string } | null {
  const at = prompt.lastIndexOf(`<${STUDENT_ANSWER_TAG}>`);
  return at > 0 ? { shared: prompt.slice(0, at), own: prompt.slice(at) } : null;
}

/** The screened answer: what the model (or the offline grader) sees, and what the log records. */
export function screenAnswer(answer: StudentAnswer): ScreenedText {
  if (typeof answer === "string") return screenStudentText(answer);
  const turns = answer.messages.filter((turn) => turn.role === "user").map((turn) => screenStudentText(turn.content));
  return {
    text: turns.map((turn) => turn.text).join("\n"),
    flagged: turns.some((turn) => turn.flagged),
    reasons: [...new Set(turns.flatMap((turn) => turn.reasons))],
    truncated: turns.some((turn) => turn.truncated),
  };
}
