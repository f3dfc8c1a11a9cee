/**
 * The feedback on an answer between questions (ADR 0045; components/student/answer-feedback.tsx):
 * its own area, so a test that shows no feedback during the test sends none of it to the page.
 */
export const en = {
  correctTick: "Correct:",
  excellent: "Excellent!",
  goodEffort: "Good effort",
  keepLearning: "Keep learning",
  awaitingTeacher: "Your teacher will check this answer",
  lateAnswer: "This answer arrived after the question's time ran out, so it scores 0.",
  provisionalFeedback: "Your final feedback for this answer will be in your results.",
  feedbackHeading: "Question {number}: your answer is saved",
  nextQuestion: "Next question",
  /** The timed display (ADR 0042): the control that keeps the feedback, and the countdown line. */
  stay: "Stay on this feedback",
  movesOn: "The next question comes in {seconds, plural, one {# second} other {# seconds}}.",
};

export const es: typeof en = {
  correctTick: "Correcto:",
  excellent: "¡Excelente!",
  goodEffort: "Buen esfuerzo",
  keepLearning: "Sigue aprendiendo",
  awaitingTeacher: "Tu maestro revisará esta respuesta",
  lateAnswer: "Esta respuesta llegó después de que se acabó el tiempo de la pregunta, así que su puntuación es 0.",
  provisionalFeedback: "Los comentarios finales sobre esta respuesta estarán en tus resultados.",
  feedbackHeading: "Pregunta {number}: tu respuesta está guardada",
  nextQuestion: "Siguiente pregunta",
  stay: "Quedarme en estos comentarios",
  movesOn: "La siguiente pregunta aparece en {seconds, plural, one {# segundo} other {# segundos}}.",
};
