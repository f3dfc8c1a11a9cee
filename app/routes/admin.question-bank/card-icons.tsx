import { Eye, Pencil, Trash2 } from "lucide-react";

/**
 * The card buttons' icons, drawn once per page and referenced by every card. Inline lucide icons
 * cost about 1.4 kB of HTML per card, which alone would take a page of 20 cards past the bank's
 * 50 kB HTML budget; a `<use>` reference costs under 100 bytes.
 */
const ICONS = { eye: Eye, pencil: Pencil, trash: Trash2 } as const;
type IconName = keyof typeof ICONS;

export function CardIconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`bank-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** Sized by its card's button row (`[&_svg]:size-4`), so 60 icons a page carry no class of their own. */
export function CardIcon({ name }: { name: IconName }) {
  return (
    <svg aria-hidden="true">
      <use href={`#bank-icon-${name}`} />
    </svg>
  );
}
