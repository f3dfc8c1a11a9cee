import { type AnyLocale, languageFromCookie, negotiateLocale } from "~/domain/i18n/locale";
import { isStaffScreenPath } from "~/domain/shell/staff-screens";

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

/**
 * The language the server writes a toast or a refusal in: English on the staff screens and to the
 * calls their pages make (a same-site fetch names its page in `Referer`), which stay English
 * whatever the browser asks (ADR 0045); the request's language to anyone else (a student page, an
 * API client).
 */
export function screenLocale(request: Request): AnyLocale {
  return isStaffScreenPath(new URL(request.url).pathname) || isStaffScreenPath(refererPath(request)) ? "en" : requestLocale(request);
}

function refererPath(request: Request): string {
  try {
    return new URL(request.headers.get("Referer") ?? "").pathname;
  } catch {
    return "";
  }
}
