import type { CurrentUser } from "~/domain/auth/current-user";
import type { Catalog } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

import type { ToastMessage } from "./toast";

/**
 * Who is signed in, as pages show them: without their id, with their name and initials already
 * worked out on the server (so the naming rule stays off the student pages' JavaScript).
 */
export type ShownUser = Omit<CurrentUser, "id"> & { displayName: string; initials: string };

/** What the root loader gives every page: who is signed in, the sidebar's state, a flashed toast, and the student layout's texts in the request's language. */
export type RootData = {
  user: ShownUser | null;
  sidebarOpen: boolean;
  toast: ToastMessage | null;
  locale: AnyLocale;
  /** `joinCode` only for a signed-in student, who meets the join screen at the role gate; none on a staff screen, which stays English. */
  messages?: Pick<Catalog, "common"> & Partial<Pick<Catalog, "joinCode">>;
};
