/**
 * Turns form fields into the object a zod schema expects, so a plain `<form method="post">`
 * (no JavaScript) and a fetcher posting JSON reach the same schema.
 *
 * Names follow the usual conventions: `a.b` nests, `a[0].b` or `a.0.b` indexes an array,
 * `a[]` appends, and a name used twice becomes an array (checkbox groups).
 */
type Tree = Record<string, unknown>;

const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);

function pathOf(name: string): { path: string[]; append: boolean } {
  const append = name.endsWith("[]");
  const bare = append ? name.slice(0, -2) : name;
  const path = bare
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((segment) => segment !== "");
  return { path, append };
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

export function formToObject(entries: Iterable<[string, FormDataEntryValue]>): Tree {
  const root: Tree = {};
  for (const [name, value] of entries) {
    const { path, append } = pathOf(name);
    // A crafted field name must not reach Object.prototype.
    if (path.length === 0 || path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node: Record<string, unknown> = root;
    path.forEach((segment, depth) => {
      const last = depth === path.length - 1;
      if (!last) {
        const existing = node[segment];
        if (typeof existing !== "object" || existing === null) node[segment] = isIndex(path[depth + 1]!) ? [] : {};
        node = node[segment] as Record<string, unknown>;
        return;
      }
      const existing = node[segment];
      if (append) node[segment] = Array.isArray(existing) ? [...existing, value] : existing === undefined ? [value] : [existing, value];
      else if (existing === undefined) node[segment] = value;
      else node[segment] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    });
  }
  return root;
}
