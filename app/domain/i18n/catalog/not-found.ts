/**
 * What the test and results pages say when what a student asked for is not there (ADR 0045):
 * written by their loaders into the not-found page's data, never sent to a page as an area.
 */
export const en = {
  session: "Session Not Found",
  test: "Test Not Found",
  gone: "It does not exist or has been deleted.",
  returnHome: "Return Home",
  goToStudentEntry: "Go to Student Entry",
  resultsElsewhere:
    "Results open on the device that took the test (or the one it was continued on with its resume code), for {minutes} minutes after the test ends. Your teacher can see them at any time.",
};

export const es: typeof en = {
  session: "No se encontró la sesión",
  test: "No se encontró la prueba",
  gone: "No existe o se eliminó.",
  returnHome: "Volver al inicio",
  goToStudentEntry: "Ir a la entrada de estudiantes",
  resultsElsewhere:
    "Los resultados se abren en el dispositivo en el que se tomó la prueba (o en el que se continuó con el código para continuar), durante {minutes} minutos después de que termina la prueba. Tu maestro puede verlos en cualquier momento.",
};
