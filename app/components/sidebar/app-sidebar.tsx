import { NavLink, useLocation } from "@remix-run/react";
import { GraduationCap, LogOut } from "lucide-react";
import { useEffect, useId, useRef } from "react";

import type { ShownUser } from "~/domain/shell/root-data";
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_MOBILE } from "~/domain/shell/sidebar";

import { type NavGroup, navGroupsFor } from "./nav-items";
import { useSidebar } from "./sidebar-context";

type SidebarUser = Pick<ShownUser, "role" | "displayName" | "initials" | "profileImageUrl">;

/**
 * The signed-in layout's sidebar. Desktop: a column that collapses to
 * icons (its state rendered on the server from the sidebar_state cookie, so no flash).
 * Below 768 px: an overlay sheet opened by the trigger or Ctrl/Cmd+B.
 */
export function AppSidebar({ user }: { user: SidebarUser }) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  return (
    <>
      {/* The outer column stretches with the page; the sidebar itself stays in view. */}
      <div
        data-testid="sidebar-column"
        className="hidden shrink-0 border-r border-slate-200 bg-white transition-[width] duration-200 md:block"
        style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED }}
      >
        <aside aria-label="Sidebar" data-testid="sidebar" data-state={open ? "expanded" : "collapsed"} className="sticky top-0 flex h-dvh flex-col">
          <SidebarBody user={user} collapsed={!open} />
        </aside>
      </div>
      {openMobile ? <MobileSheet user={user} onClose={() => setOpenMobile(false)} /> : null}
    </>
  );
}

function MobileSheet({ user, onClose }: { user: SidebarUser; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      previouslyFocused?.focus();
    };
  }, [onClose]);

  // Following a link closes the sheet.
  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);

  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation"
        data-testid="sidebar-sheet"
        className="absolute inset-y-0 left-0 flex flex-col bg-white shadow-xl"
        style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: "85vw" }}
      >
        <SidebarBody user={user} collapsed={false} />
      </div>
    </div>
  );
}

function SidebarBody({ user, collapsed }: { user: SidebarUser; collapsed: boolean }) {
  return (
    <>
      <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-3">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-brand-600 text-white">
          <GraduationCap aria-hidden="true" className="size-4" />
        </span>
        <span className={collapsed ? "sr-only" : "truncate font-semibold"}>Adaptive Testing</span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
        {navGroupsFor(user.role).map((group) => (
          <SidebarGroup key={group.label} group={group} collapsed={collapsed} />
        ))}
      </nav>
      <SidebarFooter user={user} collapsed={collapsed} />
    </>
  );
}

function SidebarGroup({ group, collapsed }: { group: NavGroup; collapsed: boolean }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="mb-4">
      <h2 id={labelId} className={collapsed ? "sr-only" : "px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"}>
        {group.label}
      </h2>
      <ul className="space-y-0.5">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              prefetch="intent"
              title={collapsed ? item.label : undefined}
              className={({ isActive }) =>
                `nav-link ${isActive ? "bg-brand-50 font-medium text-brand-800" : "text-slate-700 hover:bg-slate-100"}${collapsed ? " justify-center" : ""}`
              }
            >
              <item.icon aria-hidden="true" className="nav-icon size-4 shrink-0" {...STYLED_BY_CSS} />
              <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The sidebar's icons leave their drawing attributes to the nav-icon class: on every admin page
 * the same fourteen icons would otherwise repeat them, about 3 kB of HTML (the page budget).
 */
const STYLED_BY_CSS = {
  xmlns: undefined,
  width: undefined,
  height: undefined,
  fill: undefined,
  stroke: undefined,
  strokeWidth: undefined,
  strokeLinecap: undefined,
  strokeLinejoin: undefined,
} as const;

const ROLE_LABELS = { admin: "Admin", teacher: "Teacher", student: "Student" } as const;

function SidebarFooter({ user, collapsed }: { user: SidebarUser; collapsed: boolean }) {
  const name = user.displayName;
  const roleLabel = ROLE_LABELS[user.role];
  return (
    <div className="border-t border-slate-200 p-2" data-testid="sidebar-footer">
      <div className={`flex items-center gap-2 px-1 py-1 ${collapsed ? "justify-center" : ""}`}>
        <Avatar user={user} />
        <div className={collapsed ? "sr-only" : "min-w-0 flex-1"}>
          <p className="truncate text-sm font-medium" data-testid="user-display-name">
            {name}
          </p>
          <span
            data-testid="role-badge"
            className={`mt-0.5 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${
              user.role === "student" ? "bg-emerald-100 text-emerald-800" : "bg-brand-100 text-brand-800"
            }`}
          >
            {roleLabel}
          </span>
        </div>
      </div>
      <a
        href="/api/logout"
        title={collapsed ? "Sign Out" : undefined}
        className={`mt-2 flex min-h-9 w-full items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100 ${
          collapsed ? "justify-center" : ""
        }`}
      >
        <LogOut aria-hidden="true" className="size-4 shrink-0" />
        <span className={collapsed ? "sr-only" : ""}>Sign Out</span>
      </a>
      <p className={collapsed ? "sr-only" : "mt-2 px-2 text-xs text-slate-600"}>Adaptive Testing Engine</p>
    </div>
  );
}

function Avatar({ user }: { user: SidebarUser }) {
  if (user.profileImageUrl) {
    return (
      <img src={user.profileImageUrl} alt="" referrerPolicy="no-referrer" className="size-8 shrink-0 rounded-full object-cover" data-testid="avatar-image" />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-800"
    >
      {user.initials}
    </span>
  );
}
