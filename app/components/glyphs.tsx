import type { ReactNode } from "react";

/**
 * The few line icons the root layout needs (the toasts here, the landing page's in landing-glyphs.tsx),
 * drawn here so every page, the student pages included, carries no icon library: the design's budget
 * for student pages has little room. Screens behind the admin shell use lucide-react as usual.
 */
export function Glyph({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export type GlyphProps = { className?: string };

export const CloseGlyph = ({ className }: GlyphProps) => (
  <Glyph className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Glyph>
);
