/**
 * The session's refusals a student can meet (ADR 0045): the session object and the session's
 * operations refuse with these codes, and the edge (the API's error mapping, the test page's
 * actions) writes them in the request's language.
 */
export const en = {
  paused: "Your test is paused. Resume it to go on answering.",
  notCurrent: "This is not the question being asked. Reload the test to continue.",
  alreadyAnswered: "This question has already been answered.",
  chatLimit: "This conversation has reached its limit of {max} messages. Submit your answer when you are ready.",
  notStarted: "This test session has not started.",
  completed: "This test session is already completed.",
  noBreaks: "Breaks are not part of this student's accommodations.",
  noBreakTimeLeft: "All the break time for this test has been used.",
  alreadyPaused: "The test is already paused.",
  heldByTeacher: "Your teacher paused your test. It continues when your teacher resumes it.",
  notYours: "This test session belongs to another student.",
  joinFirst: "Join your class to take this test.",
};

export const es: typeof en = {
  paused: "Tu prueba está en pausa. Continúa la prueba para seguir respondiendo.",
  notCurrent: "Esta no es la pregunta actual. Vuelve a cargar la prueba para continuar.",
  alreadyAnswered: "Ya respondiste esta pregunta.",
  chatLimit: "Esta conversación llegó a su límite de {max} mensajes. Envía tu respuesta cuando quieras.",
  notStarted: "Esta prueba todavía no ha comenzado.",
  completed: "Esta prueba ya terminó.",
  noBreaks: "Los descansos no son parte de las adaptaciones de este estudiante.",
  noBreakTimeLeft: "Ya se usó todo el tiempo de descanso de esta prueba.",
  alreadyPaused: "La prueba ya está en pausa.",
  heldByTeacher: "Tu maestro pausó tu prueba. Continúa cuando tu maestro la reanude.",
  notYours: "Esta prueba es de otro estudiante.",
  joinFirst: "Únete a tu clase para hacer esta prueba.",
};
