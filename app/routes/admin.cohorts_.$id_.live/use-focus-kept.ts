import { type RefObject, useEffect, useRef } from "react";

/**
 * The Live page's buttons are disabled while their form posts, and a disabled button drops the
 * focus to <body>: a keyboard or screen reader user would start again from the top of the page
 * after each action. Once the page is idle again, the focus goes back to the control last focused
 * in `area` (the toast says what happened), or to `fallback` when that control went (its row
 * finished or left the filter). A focus the person moved elsewhere meanwhile is left where it is.
 */
export function useFocusKept(busy: boolean, area: RefObject<HTMLElement>, fallback: RefObject<HTMLElement>) {
  const last = useRef<HTMLElement | null>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    const node = area.current;
    if (!node) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) last.current = event.target;
    };
    node.addEventListener("focusin", remember);
    return () => node.removeEventListener("focusin", remember);
  }, [area]);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    (last.current?.isConnected ? last.current : fallback.current)?.focus();
  }, [busy, fallback]);
}
