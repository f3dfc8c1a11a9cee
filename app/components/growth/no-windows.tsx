/** What the growth pages say before the district has set any testing window. */
export function NoWindows() {
  return (
    <p className="card mt-6 p-6 text-slate-700" data-testid="growth-no-windows">
      No testing windows yet. A district admin sets testing windows (for example Fall, Winter and Spring); each session then belongs to the window it started
      in, and growth is measured from one window to the next.
    </p>
  );
}
