/** The break screen and what the page says about a break's end (ADR 0032, 0042, 0045), and a teacher's pause (ADR 0046). */
export const en = {
  heading: "Your test is paused",
  stopped:
    "Your clock is stopped and your answers are saved. You have {testTime} of test time left. When the break time runs out, the question comes back and the test clock starts again.",
  stoppedWithBreak:
    "Your clock is stopped and your answers are saved. You have {testTime} of test time and {breakTime} of break time left. When the break time runs out, the question comes back and the test clock starts again.",
  minutes: "{n, plural, one {# minute} other {# minutes}}",
  resume: "Resume Test",
  oneMinute: "Your break ends in 1 minute",
  over: "Your break is over: the clock is running",
  pauseFailed: "Could not pause the test.",
  resumeFailed: "Could not resume the test.",
  heldHeading: "Your teacher paused your test",
  heldNote: "Your answers are saved and your clock is stopped, with {testTime} of test time left. Your test continues when your teacher resumes it.",
};

export const es: typeof en = {
  heading: "Tu prueba está en pausa",
  stopped:
    "Tu reloj está detenido y tus respuestas están guardadas. Te quedan {testTime} de tiempo de prueba. Cuando se acabe el tiempo de descanso, la pregunta vuelve a aparecer y el reloj de la prueba vuelve a correr.",
  stoppedWithBreak:
    "Tu reloj está detenido y tus respuestas están guardadas. Te quedan {testTime} de tiempo de prueba y {breakTime} de descanso. Cuando se acabe el tiempo de descanso, la pregunta vuelve a aparecer y el reloj de la prueba vuelve a correr.",
  minutes: "{n, plural, one {# minuto} other {# minutos}}",
  resume: "Continuar la prueba",
  oneMinute: "Tu descanso termina en 1 minuto",
  over: "Tu descanso terminó: el reloj de la prueba está corriendo",
  pauseFailed: "No se pudo pausar la prueba.",
  resumeFailed: "No se pudo continuar la prueba.",
  heldHeading: "Tu maestro pausó tu prueba",
  heldNote: "Tus respuestas están guardadas y tu reloj está detenido, con {testTime} de tiempo de prueba. Tu prueba continúa cuando tu maestro la reanude.",
};
