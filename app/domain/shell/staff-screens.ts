/** The staff screens' addresses: they stay English and carry none of the student layout's texts (ADR 0045). */
export const isStaffScreenPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");
