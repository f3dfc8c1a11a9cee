/** How a user is named and abbreviated in the sidebar footer. */
type NamedUser = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

const clean = (value: string | null | undefined) => value?.trim() ?? "";

/** First plus last name, else the part of the e-mail before the at-sign, else "User". */
export function displayName(user: NamedUser): string {
  const fullName = [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(" ");
  if (fullName) return fullName;
  const localPart = clean(user.email).split("@")[0];
  return localPart || "User";
}

/** First letters of first and last name, else the first letter of the e-mail, else "U". */
export function initials(user: NamedUser): string {
  const first = clean(user.firstName).charAt(0);
  const last = clean(user.lastName).charAt(0);
  if (first || last) return (first + last).toUpperCase();
  const emailInitial = (clean(user.email).split("@")[0] ?? "").charAt(0);
  return (emailInitial || "U").toUpperCase();
}
