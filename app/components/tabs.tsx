import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

/**
 * Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs; only the
 * selected tab is in the tab order; panels are labelled by their tab.
 */
export function Tabs<Key extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: { key: Key; label: string }[];
  selected: Key;
  onSelect: (key: Key) => void;
  label: string;
  children: ReactNode;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`min-h-9 rounded-md px-4 py-1.5 text-sm font-medium ${
              tab.key === selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="mt-6">
        {children}
      </div>
    </div>
  );
}
