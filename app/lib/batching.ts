/**
 * D1 refuses a statement with more than 100 bound parameters ("too many SQL variables"), so
 * long id lists and multi-row inserts are split into statements that each stay under it.
 */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** Splits items into consecutive groups of at most `size` (size is at least 1). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += step) groups.push(items.slice(start, start + step));
  return groups;
}

/** How many rows of `parametersPerRow` values fit in one statement (at least 1). */
export function rowsPerStatement(parametersPerRow: number, limit = D1_MAX_BOUND_PARAMETERS): number {
  return Math.max(1, Math.floor(limit / Math.max(1, parametersPerRow)));
}

/**
 * Runs a query once per group of ids (each group within the parameter limit, leaving
 * `reserved` parameters for the rest of the query) and concatenates the rows, in group order.
 */
export async function inChunks<Id, Row>(ids: readonly Id[], query: (group: Id[]) => Promise<Row[]>, reserved = 0): Promise<Row[]> {
  if (ids.length === 0) return [];
  const groups = chunk([...new Set(ids)], D1_MAX_BOUND_PARAMETERS - reserved);
  return (await Promise.all(groups.map(query))).flat();
}

/**
 * Groups rows for multi-row inserts so each statement stays within the limit. Every row should
 * carry all its columns (ids included): one parameter each, plus one spare for a generated id.
 */
export function insertGroups<Row extends object>(rows: readonly Row[]): Row[][] {
  if (rows.length === 0) return [];
  const widest = Math.max(...rows.map((row) => Object.keys(row).length));
  return chunk(rows, rowsPerStatement(widest + 1));
}
