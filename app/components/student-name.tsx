/**
 * A student as teacher views show them (ADR 0016): the name given at join, with the student ID
 * under it; only the ID when the session has no name (started through the API without a class).
 * Two elements, so the ID can be found and copied on its own.
 */
export function StudentName({ name, id }: { name: string | null; id: string }) {
  if (!name) return <span className="font-medium">{id}</span>;
  return (
    <>
      <span className="block font-medium">{name}</span>
      <span className="block text-xs text-slate-700">{id}</span>
    </>
  );
}
