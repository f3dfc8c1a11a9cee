/**
 * Step 1 of Student Entry, the join code (ADR 0045). Its own area because a student meets it
 * outside /join too (the join screen on `/` and at the role gate), where the root sends it.
 */
export const en = {
  title: "Join Your Class",
  intro: "Enter the join code your teacher gave you.",
  codeLabel: "Join code",
  checking: "Checking...",
  submit: "Join Class",
};

export const es: typeof en = {
  title: "Únete a tu clase",
  intro: "Ingresa el código de la clase que te dio tu maestro.",
  codeLabel: "Código de la clase",
  checking: "Revisando...",
  submit: "Unirme a la clase",
};
