import { textOf } from "./text";

/**
 * Reads a rubric the way teachers write it (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md):
 * lists of acceptable answers, criteria sentences, what must not appear, and examples of incorrect
 * answers, under varied headings, bullets and numbering. Every rule here is about the wording of
 * rubrics in general, never about one question.
 */

/** Something the rubric rules out. A bare item ("weak" with no clue) is wrong only when the answer says nothing more. */
export type WrongItem = { text: string; bare: boolean };

export type RubricForms = {
  /** Answers any one of which is a full answer ("Acceptable answers (any one): shy, scared"). */
  acceptable: string[];
  /** Criteria; each entry lists statements that are all required (most entries hold one). */
  criteria: string[][];
  /** What must not appear ("Do not accept …", "The answer must not …", "Not acceptable: …"). */
  mustNot: WrongItem[];
  /** Examples of incorrect answers ("Incorrect examples: "tired", "small""). */
  incorrect: WrongItem[];
};

type Mode = "accept" | "criteria" | "mustNot" | "incorrect";

/** Headings that introduce examples of wrong answers. */
const INCORRECT_LABEL =
  /^(?:(?:common\s+)?(?:examples?\s+of\s+)?(?:incorrect|wrong)\s+(?:answers?|examples?|responses?)|(?:common\s+)?(?:mistakes|misconceptions|errors))\s*(?:include)?\s*[:\-–]\s*/i;
/** Headings and lead-ins that rule something out. */
const MUST_NOT_LABEL =
  /^(?:not\s+acceptable|unacceptable|do\s+not\s+accept|don't\s+accept|reject|no\s+credit(?:\s+for)?|(?:the\s+)?answers?\s+(?:must|should|may)\s+not|(?:the\s+)?answers?\s+(?:that|which)\s+\w+\s+)\s*[:\-–]?\s*/i;
/** A statement ruling something out, wherever the phrase sits in it. */
const MUST_NOT_ANYWHERE =
  /\b(?:must\s+not|should\s+not|do\s+not\s+accept|not\s+acceptable|(?:does|do|will)\s+not\s+(?:get|earn|receive)\s+(?:full\s+)?credit|no\s+credit|is\s+not\s+enough)\b/i;
/** Headings of a list of acceptable answers, any one of which is right. */
const ACCEPT_LABEL =
  /^(?:(?:(?:also\s+)?accept(?:able)?(?:\s+answers?)?(?:\s+include)?(?:\s*\(any\s+one\))?(?:\s+(?:any\s+(?:one\s+)?of|one\s+of|either))?|possible\s+answers?|e\.g\.,?|for\s+example|such\s+as|any\s+(?:one\s+)?of)(?:\s+(?:the\s+following|these))?)\s*[:\-–]?\s*/i;
/** Headings of a list whose items are alternatives (as opposed to required together). */
const ALTERNATIVES_HEADING = /\b(?:either|any\s+one|any\s+of|one\s+of|e\.g\.|for\s+example|accept|acceptable|such\s+as|or)\b/i;
/** Words saying an example is wrong only on its own: "with no clue", "just naming it", "plain "hungry"". */
const BARE_MARKER = /\b(?:with\s+no|without|with\s+nothing|by\s+itself|on\s+its\s+own|alone|only|just|plain|no\s+reason|no\s+explanation|is\s+not\s+enough)\b/i;

/** Lead-ins that say who does what in the rubric ("Correct answers will recognize that …"), not what the answer says. */
const LEAD_INS: RegExp[] = [
  /^(?:full\s+credit|partial\s+credit|correct\s+answers?|model\s+answer|answers?|criteria|rubric|key\s+points?|look\s+for)\b(?:\s+(?:requires|needs|needs\s+to|must\s+have|is))?(?:\s+(?:both|all|either))?(?:\s+of)?\s*[:\-–]?\s*/i,
  /^(?:the\s+)?(?:correct\s+)?(?:answers?|responses?|students?)\s+(?:will|should|must|need\s+to|has\s+to|have\s+to|can)?\s*(?:\w+\s+)?(?:that\s+)?/i,
  /^(?:an?\s+)?(?:explanation|reason|context\s+clue|clue|correct\s+meaning|meaning|statement)\s*(?:that|using|of|:)?\s*/i,
  /^(?:also\s+correct|also|accept\s+answers\s+that\s+\w+|accept\s+wording\s+like|accept)\s*[:\-–]?\s*/i,
  /^(?:will|should|must|needs?\s+to|has\s+to|have\s+to|can)\b\s*/i,
  /^(?:that|saying|say|says|claim|claims|state|states|to)\b\s*/i,
];
/** Verbs a lead-in may use between "answers will" and "that". */
const LEAD_IN_VERB =
  /^(?:recognize|recognise|state|say|explain|show|mention|name|note|identify|include|give|choose|describe|point\s+out|understand)s?\b\s*(?:that\b)?\s*/i;

function stripLeadIns(text: string): string {
  let current = text.trim();
  for (let round = 0; round < 4; round += 1) {
    const before = current;
    for (const pattern of LEAD_INS) current = current.replace(pattern, "").trim();
    current = current.replace(LEAD_IN_VERB, "").trim();
    if (current === before) break;
  }
  return current.replace(/^[:\-–,]\s*/, "").trim();
}

const CONNECTIVE_ONLY = /^\W*(?:either|or|and|both|all|any|one\s+of|the\s+following)\W*$/i;

const QUOTED = /["“”]([^"“”]+)["“”]/g;

function quotedStrings(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) => match[1]!.trim()).filter(Boolean);
}

function clean(item: string): string {
  return item
    .replace(/^\s*(?:\(?\d+[.)]|\(?[a-z][.)](?=\s)|[-*•–])\s*/i, "")
    .replace(/^(?:or|and|e\.g\.,?)\s+/i, "")
    .replace(/(?:[.;,]+\s*(?:or|and)?)+\s*$/i, "")
    .trim();
}

/** Splits a list of short answers ("shy, scared, or nervous"; "a / b / c"; "x; y") into its items. */
function listItems(text: string): string[] {
  const quoted = quotedStrings(text);
  if (quoted.length > 0) return quoted;
  return text
    .split(/\s+\/\s+|;|,\s*(?:or\s+)?|\s+or\s+(?=\w)/i)
    .map(clean)
    .filter((item) => /[a-z0-9]/i.test(item));
}

/** Splits unquoted wrong answers: at "; ", ", or" and "or that", then a list of short phrases at every comma and "or". */
function unquotedPieces(text: string): string[] {
  return text.split(/;\s*|,\s+or\s+|,?\s+or\s+that\s+/i).flatMap((piece) => {
    const short = piece.split(/,\s*(?:or\s+|and\s+)?|\s+or\s+/i);
    return short.every((item) => item.trim().split(/\s+/).length <= 3) ? short : [piece];
  });
}

/**
 * An unquoted list of three or more short items ("tired, relieved with no sign of joy, sad") is
 * split before reading qualifiers, so "with no …" makes only its own item bare.
 */
function shortListItems(piece: string): string[] {
  if (/["“”]/.test(piece)) return [piece];
  const items = piece.split(/,\s*/);
  return items.length >= 3 && items.every((item) => item.trim().split(/\s+/).length <= 6) ? items : [piece];
}

/** Pieces of a list of wrong answers, each with whether it is wrong only on its own. */
function wrongItems(text: string): WrongItem[] {
  const pieces = text
    .split(/;|,\s*(?=["“]|or\b|and\b)|\.\s+/i)
    .flatMap(shortListItems)
    .filter((piece) => /[a-z0-9]/i.test(piece));
  return pieces.flatMap((piece) => {
    const bare = BARE_MARKER.test(piece.replace(QUOTED, " "));
    const quoted = quotedStrings(piece);
    if (quoted.length > 0) return quoted.map((item) => ({ text: item, bare }));
    const plain = stripLeadIns(
      clean(
        piece
          .replace(/\b(?:are|is)\s+not\s+acceptable\b.*$/i, "")
          .replace(BARE_MARKER, " ")
          .replace(/\s+/g, " "),
      ),
    );
    return unquotedPieces(plain)
      .map((item) => stripLeadIns(clean(item)))
      .filter((item) => /[a-z0-9]/i.test(item))
      .map((item) => ({ text: item, bare }));
  });
}

/** A statement ruling something out, reduced to what it rules out. */
function mustNotStatement(text: string): WrongItem[] {
  const body = text
    .replace(MUST_NOT_LABEL, "")
    .replace(/^.*?\b(?:must|should)\s+not\s+(?:\w+\s+)?(?:that\s+)?/i, "")
    .replace(/\b(?:are|is)\s+not\s+acceptable\b.*$|\b(?:does|do|will)\s+not\s+(?:get|earn|receive)\s+(?:full\s+)?credit\b.*$/i, "");
  return wrongItems(stripLeadIns(body.replace(/^(?:answers?\s+)?(?:saying|that\s+say|which\s+say)\s+/i, "")));
}

type Line = { text: string; listed: boolean };

/** Lines of the rubric, then sentences within each line; list markers are noted and removed. */
function rubricLines(text: string): Line[] {
  return textOf(text)
    .split(/\n+/)
    .flatMap((line) => {
      const listed = /^\s*(?:\(?\d+[.)]|\(?[a-z][.)](?=\s)|[-*•–])\s+/i.test(line);
      const body = listed ? clean(line) : line.trim();
      // Sentences, but not inside "e.g." or decimals; a list item stays whole.
      const sentences = listed ? [body] : body.split(/(?<=[a-z)"”][.!?])\s+(?=[A-Z"“])/);
      return sentences.map((sentence) => ({ text: sentence.trim(), listed }));
    })
    .filter((line) => /[a-z0-9]/i.test(line.text));
}

/** Parses one text rubric into its forms. Text no heading claims is read as criteria. */
export function rubricForms(text: string): RubricForms {
  const forms: RubricForms = { acceptable: [], criteria: [], mustNot: [], incorrect: [] };
  let listMode: Mode | undefined;
  let listGroup: string[] | undefined;
  let listAlternatives = false;

  const addCriterion = (criterion: string) => {
    const stripped = stripLeadIns(criterion);
    // A leftover connective ("either", "both") introduces a list; it is not a criterion.
    if (/[a-z0-9]/i.test(stripped) && !CONNECTIVE_ONLY.test(stripped)) forms.criteria.push([stripped]);
  };

  for (const { text: line, listed } of rubricLines(text)) {
    if (listed && listMode) {
      // One bullet is one acceptable answer, whatever commas it holds.
      if (listMode === "accept") forms.acceptable.push(...(quotedStrings(line).length > 0 ? quotedStrings(line) : [stripLeadIns(line)]));
      else if (listMode === "incorrect") forms.incorrect.push(...wrongItems(line));
      else if (listMode === "mustNot") forms.mustNot.push(...mustNotStatement(line));
      else if (listAlternatives) addCriterion(line);
      else listGroup?.push(stripLeadIns(line));
      continue;
    }
    listMode = undefined;
    listGroup = undefined;
    const opensList = /:\s*$/.test(line);
    if (INCORRECT_LABEL.test(line)) {
      const body = line.replace(INCORRECT_LABEL, "");
      forms.incorrect.push(...wrongItems(body));
      if (opensList || !body.trim()) listMode = "incorrect";
    } else if (MUST_NOT_LABEL.test(line) && !/^(?:the\s+)?answers?\s+(?:that|which)\s+\w+\s+/i.test(line)) {
      forms.mustNot.push(...mustNotStatement(line));
      if (opensList) listMode = "mustNot";
    } else if (MUST_NOT_ANYWHERE.test(line)) {
      forms.mustNot.push(...mustNotStatement(line));
    } else if (ACCEPT_LABEL.test(line) && !/^accept\s+answers\s+that\b/i.test(line)) {
      const body = line.replace(ACCEPT_LABEL, "");
      forms.acceptable.push(...listItems(body).map(stripLeadIns).filter(Boolean));
      if (opensList || !body.trim()) listMode = "accept";
    } else if (opensList) {
      // A heading over a list: its items are required together unless it says they are alternatives.
      listMode = "criteria";
      listAlternatives = ALTERNATIVES_HEADING.test(line);
      const lead = stripLeadIns(line.replace(/:\s*$/, ""));
      listGroup = [];
      if (lead && /[a-z0-9]/i.test(lead) && !CONNECTIVE_ONLY.test(lead) && !listAlternatives) listGroup.push(lead);
      forms.criteria.push(listGroup);
      if (lead && listAlternatives) addCriterion(lead);
    } else {
      addCriterion(line);
    }
  }
  forms.criteria = forms.criteria.map((group) => group.filter((item) => /[a-z0-9]/i.test(item))).filter((group) => group.length > 0);
  return forms;
}
