import type { Role } from "./roles";

/** Who is signed in, as every screen, route and rule sees them. */
export type CurrentUser = {
  id: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
};
