import { PanelLeft } from "lucide-react";
import type { ReactNode } from "react";

import type { ShownUser } from "~/domain/shell/root-data";

import { useFocusHeadingOnNavigation } from "./focus-heading-on-navigation";
import { AppSidebar } from "./sidebar/app-sidebar";
import { SidebarProvider, useSidebar } from "./sidebar/sidebar-context";

type ShellUser = Pick<ShownUser, "role" | "displayName" | "initials" | "profileImageUrl">;

/** The signed-in layout: sidebar plus the page, with a skip link for keyboard users. */
export function AppShell({ user, sidebarOpen, children }: { user: ShellUser; sidebarOpen: boolean; children: ReactNode }) {
  useFocusHeadingOnNavigation("main-content");
  return (
    <SidebarProvider initialOpen={sidebarOpen}>
      {/* The staff screens are English: a page whose body is in the family's language (the family report) marks that body itself (ADR 0045). */}
      <a
        lang="en"
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh" lang="en">
        <AppSidebar user={user} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header id="admin-header" className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur">
            <SidebarTrigger />
          </header>
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 md:p-8">
            {children}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}

function SidebarTrigger() {
  const { open, toggle } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Toggle sidebar"
      aria-keyshortcuts="Control+B Meta+B"
      aria-expanded={open}
      title="Toggle sidebar (Ctrl+B)"
      className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <PanelLeft aria-hidden="true" className="size-5" />
    </button>
  );
}
