import { splitCoded } from "../coded";
import { formatMessage, type MessageValues } from "../format";
import { type AnyLocale, intlLocale } from "../locale";
import * as actions from "./actions";
import * as breaks from "./breaks";
import * as common from "./common";
import * as errors from "./errors";
import * as family from "./family";
import * as feedback from "./feedback";
import * as join from "./join";
import * as joinCode from "./join-code";
import * as missing from "./missing";
import * as notFound from "./not-found";
import { pseudoCatalog } from "./pseudo";
import * as refusals from "./refusals";
import * as results from "./results";
import * as roster from "./roster";
import * as session from "./session";
import * as staffToasts from "./staff-toasts";
import * as start from "./start";
import * as test from "./test";
import * as tools from "./tools";

/**
 * The catalogs (ADR 0045): one object per language, built from one file per area of the product,
 * each holding its English and its Spanish side by side. TypeScript holds Spanish to English's
 * keys; `catalog.test.ts` holds every message to the same placeholders. Server code reads them;
 * a student page gets only its areas, in its language, from its loader (`pageMessages`), so no
 * catalog is in any page's JavaScript.
 */
const en = {
  common: common.en,
  results: results.en,
  family: family.en,
  test: test.en,
  feedback: feedback.en,
  start: start.en,
  breaks: breaks.en,
  tools: tools.en,
  session: session.en,
  join: join.en,
  joinCode: joinCode.en,
  actions: actions.en,
  notFound: notFound.en,
  staffToasts: staffToasts.en,
  errors: errors.en,
  missing: missing.en,
  refusals: refusals.en,
  roster: roster.en,
};
export type Catalog = typeof en;
export type Area = keyof Catalog;

const es: Catalog = {
  common: common.es,
  results: results.es,
  family: family.es,
  test: test.es,
  feedback: feedback.es,
  start: start.es,
  breaks: breaks.es,
  tools: tools.es,
  session: session.es,
  join: join.es,
  joinCode: joinCode.es,
  actions: actions.es,
  notFound: notFound.es,
  staffToasts: staffToasts.es,
  errors: errors.es,
  missing: missing.es,
  refusals: refusals.es,
  roster: roster.es,
};

let pseudo: Catalog | undefined;

export function catalogOf(locale: AnyLocale): Catalog {
  if (locale === "es") return es;
  if (locale === "qps") return (pseudo ??= pseudoCatalog(en));
  return en;
}

/** Every catalog by its language, for the parity test. */
export const catalogs = { en, es } as const;

/** What a student page's loader returns beside its data: its language and the areas its screens read. */
export function pageMessages<A extends Area>(locale: AnyLocale, ...areas: A[]): { locale: AnyLocale; messages: Pick<Catalog, A> } {
  const catalog = catalogOf(locale);
  const messages = {} as Pick<Catalog, A>;
  for (const area of areas) messages[area] = catalog[area];
  return { locale, messages };
}

/** One message in a language with its values filled in, for text the server writes (refusals, notes, e-mails). */
export function translate<A extends Area>(locale: AnyLocale, area: A, key: keyof Catalog[A], values?: MessageValues): string {
  return formatMessage(intlLocale(locale), String(catalogOf(locale)[area][key]), values);
}

/**
 * A text as its reader sees it: a catalog code rendered in the language with its values (given, or
 * carried in the text by `codeWith`), also after the field an API's refusal names ("displayName:
 * join.memberFieldTooLong?max=100"); anything else (a sentence a rule still writes out, a zod
 * message) as it is.
 */
export function renderText(locale: AnyLocale, text: string, values?: MessageValues): string {
  const field = /^([\w.]+): (\S+)$/.exec(text);
  if (field) return `${field[1]}: ${renderText(locale, field[2]!, values)}`;
  if (/\s/.test(text)) return text;
  const { code, values: carried } = splitCoded(text);
  const dot = code.indexOf(".");
  if (dot < 1) return text;
  const messages = catalogOf(locale)[code.slice(0, dot) as Area] as Record<string, string> | undefined;
  const template = messages && Object.hasOwn(messages, code.slice(dot + 1)) ? messages[code.slice(dot + 1)] : undefined;
  return template === undefined ? text : formatMessage(intlLocale(locale), template, values ?? carried);
}
