/** What the choice types share. */

/**
 * Seconds under which a choice answer is a rapid guess before the item has a typical time (ADR
 * 0033): 3 s, the common fixed threshold for multiple-choice items in response-time effort
 * studies, less than reading a stem and its options takes anyone.
 */
export const CHOICE_RAPID_GUESS_SECONDS = 3;

/** Any one option, drawn from the sitting's stream. */
export const anyOption = <T>(options: readonly T[], random: () => number): T => options[Math.floor(random() * options.length)]!;
