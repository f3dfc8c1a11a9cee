import { type AnyLocale, languageFromCookie, negotiateLocale } from "~/domain/i18n/locale";

/**
 * The language a student page renders in (ADR 0045): the browser's choice, else the student
 * record's language when the caller knows it (a rostered join), else Accept-Language.
 */
export function requestLocale(request: Request, recordLanguage?: string | null): AnyLocale {
  return negotiateLocale({
    cookie: languageFromCookie(request.headers.get("Cookie")),
    recordLanguage,
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}
