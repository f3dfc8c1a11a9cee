import type { CurrentUser } from "~/domain/auth/current-user";

import type { ToastMessage } from "./toast";

/**
 * Who is signed in, as pages show them: without their id, with their name and initials already
 * worked out on the server (so the naming rule stays off the student pages' JavaScript).
 */
export type ShownUser = Omit<CurrentUser, "id"> & { displayName: string; initials: string };

/** What the root loader gives every page: who is signed in, the sidebar's state, a flashed toast. */
export type RootData = {
  user: ShownUser | null;
  sidebarOpen: boolean;
  toast: ToastMessage | null;
};
