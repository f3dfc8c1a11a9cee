import type { CurrentUser } from "~/domain/auth/current-user";

import type { ToastMessage } from "./toast";

/** What the root loader gives every page: who is signed in (without their id), the sidebar's state, a flashed toast. */
export type RootData = {
  user: Omit<CurrentUser, "id"> | null;
  sidebarOpen: boolean;
  toast: ToastMessage | null;
};
