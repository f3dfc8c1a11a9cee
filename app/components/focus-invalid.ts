/**
 * Focus on the first field marked invalid inside `root`, so a screen reader reads it with the
 * message its aria-describedby points at (WCAG 3.3.1 and 4.1.3; docs/accessibility.md). Without
 * it focus stays on the submit button, or drops to <body> when the button was disabled while
 * sending. Focus already on an invalid field stays where it is. Kept out of action-result.tsx,
 * which the student pages load, so their JavaScript budget does not carry it.
 */
export function focusFirstInvalid(root: Element | Document) {
  if (document.activeElement?.matches('[aria-invalid="true"]')) return;
  root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
