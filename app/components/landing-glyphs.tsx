import { Glyph, type GlyphProps } from "./glyphs";

// The landing page's own icons, apart from the toasts' close glyph so no other page carries them.

/** A mortarboard: the product's mark. */
export const CapGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <path d="M2 9l10-5 10 5-10 5z" />
    <path d="M6 11v5c3 2 9 2 12 0v-5" />
    <path d="M22 9v6" />
  </Glyph>
);

/** A rising line: difficulty that follows the student. */
export const RisingGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <path d="M3 17l6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </Glyph>
);

/** A check in a page: graded answers. */
export const GradedGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 13l2 2 4-4" />
  </Glyph>
);

/** Three bars: analytics. */
export const BarsGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <path d="M4 20V12M10 20V6M16 20v-9M22 20H2" />
  </Glyph>
);

/** A path between two points: a learning pathway. */
export const PathGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="6" r="2" />
    <path d="M8 18h6a3 3 0 0 0 0-6h-4a3 3 0 0 1 0-6h6" />
  </Glyph>
);
