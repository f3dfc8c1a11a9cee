/** A minimal cookie jar for driving the Worker like a browser would (one host, path /). */
export class CookieJar {
  private cookies = new Map<string, string>();

  /** Stores the cookies a response sets; an expired or emptied cookie is removed. */
  absorb(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.trim().split("=");
        if (key?.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key?.toLowerCase() === "expires") return new Date(raw ?? "").getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
