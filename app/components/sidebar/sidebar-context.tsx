import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

import { isSidebarShortcut, MOBILE_BREAKPOINT_PX, sidebarCookie } from "~/domain/shell/sidebar";

type SidebarState = {
  /** Desktop: expanded or collapsed (kept in the sidebar_state cookie). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile (< 768 px): the overlay sheet, a separate state that is not persisted. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

const isMobileViewport = () => typeof window !== "undefined" && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches;

export function SidebarProvider({ initialOpen, children }: { initialOpen: boolean; children: ReactNode }) {
  const [open, setOpenState] = useState(initialOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (isMobileViewport()) setOpenMobile((current) => !current);
    else setOpen(!open);
  }, [open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, toggle }), [open, setOpen, openMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar must be used inside SidebarProvider");
  return state;
}
