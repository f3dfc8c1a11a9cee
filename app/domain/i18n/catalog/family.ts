/**
 * The family report, /admin/students/{id}/report (ADR 0045): every sentence of its body, in plain
 * words for a parent (`usted` in Spanish). The staff screen around it stays English.
 */
export const en = {
  pageTitle: "Family report · {name} · {window}",
  kicker: "Family report · {window}",
  grade: "Grade {grade}",
  noGrade: "No grade",
  windowDays: "Testing window {window}, {from} to {to}",
  empty: "{name} has no finished test in the {window} testing window, so there is nothing to report for it.",
  scaleScoreHeading: "What a scale score is",
  scaleScoreExplained:
    "The test adapts to each answer: questions get harder after right answers and easier after wrong ones. That lets it place every student on one scale. A scale score is that place. It does not depend on which questions were asked, so scores in the same subject can be compared from one testing window to the next. A higher score means the student answered harder questions correctly.",
  measuredLabel: "What was measured:",
  measured: "{subject}, with the test “{test}” on {date}.",
  scoreSentence: "{name}'s scale score is {score}. No test is exact: the score is likely between {low} and {high}.",
  growthLabel: "Growth:",
  growthNotCompared: "Because of the note below, this score is not compared with earlier ones, so there is no growth to report from it.",
  growthFirst: "No earlier testing window has a {subject} score for {name}, so there is no growth to report yet.",
  growthSame: "Since {window} (score {previous}), {name}'s score stayed about the same.",
  growthUpWithinError:
    "Since {window} (score {previous}), {name}'s score went up {change, plural, one {# point} other {# points}}. That change is within the test's measurement error, so it may not be a real change.",
  growthDownWithinError:
    "Since {window} (score {previous}), {name}'s score went down {change, plural, one {# point} other {# points}}. That change is within the test's measurement error, so it may not be a real change.",
  growthUp:
    "Since {window} (score {previous}), {name}'s score went up {change, plural, one {# point} other {# points}}. That is more than the test's measurement error, so it is likely real growth.",
  growthDown:
    "Since {window} (score {previous}), {name}'s score went down {change, plural, one {# point} other {# points}}. That is more than the test's measurement error, so it is likely a real drop; {name}'s teacher can say more about it.",
  practiceHeading: "What to practice next",
  noPractice: "The test did not point to a topic to practice next: ask {name}'s teacher what to work on.",
  mastered: "Already mastered: {modules}.",
  noteLabel: "Please note:",
  nonStandardNote:
    "This test was taken with an accommodation that changed what some questions measure (for example, reading questions read aloud). The score describes this test, but it is not used to measure growth or compared with other students.",
  lowEffortNote: "Many answers were given faster than anyone could read the question. This score may not reflect what the student knows.",
  footer: "Questions about this report? {name}'s teacher can explain the scores and what to practice at home.",
  /** The switch to the report in the other language, written in that language. */
  otherLanguage: "Español",
  otherLanguageName: "Ver este informe en español",
};

export const es: typeof en = {
  pageTitle: "Informe para la familia · {name} · {window}",
  kicker: "Informe para la familia · {window}",
  grade: "Grado {grade}",
  noGrade: "Sin grado",
  windowDays: "Período de pruebas {window}, del {from} al {to}",
  empty: "{name} no tiene ninguna prueba terminada en el período de pruebas {window}, así que no hay nada que informar.",
  scaleScoreHeading: "Qué es una puntuación en escala",
  scaleScoreExplained:
    "La prueba se adapta a cada respuesta: las preguntas se vuelven más difíciles después de una respuesta correcta y más fáciles después de una incorrecta. Así puede ubicar a cada estudiante en una misma escala. La puntuación en escala es esa ubicación. No depende de qué preguntas se hicieron, por lo que las puntuaciones de una misma materia se pueden comparar de un período de pruebas al siguiente. Una puntuación más alta significa que el estudiante respondió correctamente preguntas más difíciles.",
  measuredLabel: "Qué se midió:",
  measured: "{subject}, con la prueba “{test}” el {date}.",
  scoreSentence: "La puntuación en escala de {name} es {score}. Ninguna prueba es exacta: lo más probable es que la puntuación esté entre {low} y {high}.",
  growthLabel: "Progreso:",
  growthNotCompared: "Debido a la nota de abajo, esta puntuación no se compara con las anteriores, así que no hay progreso que informar.",
  growthFirst: "Ningún período de pruebas anterior tiene una puntuación de {subject} para {name}, así que todavía no hay progreso que informar.",
  growthSame: "Desde {window} (puntuación {previous}), la puntuación de {name} se mantuvo más o menos igual.",
  growthUpWithinError:
    "Desde {window} (puntuación {previous}), la puntuación de {name} subió {change, plural, one {# punto} other {# puntos}}. Ese cambio está dentro del margen de error de la prueba, así que puede que no sea un cambio real.",
  growthDownWithinError:
    "Desde {window} (puntuación {previous}), la puntuación de {name} bajó {change, plural, one {# punto} other {# puntos}}. Ese cambio está dentro del margen de error de la prueba, así que puede que no sea un cambio real.",
  growthUp:
    "Desde {window} (puntuación {previous}), la puntuación de {name} subió {change, plural, one {# punto} other {# puntos}}. Eso es más que el margen de error de la prueba, así que es probable que sea un progreso real.",
  growthDown:
    "Desde {window} (puntuación {previous}), la puntuación de {name} bajó {change, plural, one {# punto} other {# puntos}}. Eso es más que el margen de error de la prueba, así que es probable que sea un descenso real; el maestro de {name} le puede explicar más.",
  practiceHeading: "Qué practicar ahora",
  noPractice: "La prueba no señaló un tema para practicar ahora: pregúntele al maestro de {name} en qué debe trabajar.",
  mastered: "Ya domina: {modules}.",
  noteLabel: "Tenga en cuenta:",
  nonStandardNote:
    "Esta prueba se tomó con una adaptación que cambió lo que miden algunas preguntas (por ejemplo, preguntas de lectura leídas en voz alta). La puntuación describe esta prueba, pero no se usa para medir el progreso ni se compara con otros estudiantes.",
  lowEffortNote:
    "Muchas respuestas se dieron más rápido de lo que cualquiera podría leer la pregunta. Es posible que esta puntuación no refleje lo que sabe el estudiante.",
  footer: "¿Tiene preguntas sobre este informe? El maestro de {name} le puede explicar las puntuaciones y qué practicar en casa.",
  otherLanguage: "English",
  otherLanguageName: "View this report in English",
};
