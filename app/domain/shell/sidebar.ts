/** The sidebar's constants and its cookie. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_COLLAPSED = "3rem";
export const MOBILE_BREAKPOINT_PX = 768;
const SIDEBAR_SHORTCUT_KEY = "b";

/** Reads the open state from a Cookie header; a missing or unreadable cookie means open. */
export function sidebarOpenFromCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE_NAME) return value !== "false";
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** Ctrl+B on Windows/Linux, Cmd+B on macOS; never with Alt or Shift (other shortcuts). */
export function isSidebarShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
