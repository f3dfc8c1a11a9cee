/**
 * What a screen action says when it cannot run what was sent (ADR 0045): rendered by the server
 * (`handleAction`), never sent to a page as an area.
 */
export const en = {
  tooManyAttempts: "Too many attempts",
  unknownAction: "Unknown action.",
  formUnreadable: "The form could not be read.",
  notFormData: "Send the form as form data or JSON.",
  /** The test page's start, when the session object answered without a session: no words of it reach the page's JavaScript. */
  noSessionStarted: "No session ID returned from server",
};

export const es: typeof en = {
  tooManyAttempts: "Demasiados intentos",
  unknownAction: "Acción desconocida.",
  formUnreadable: "No se pudo leer el formulario.",
  notFormData: "Envía el formulario como datos de formulario o JSON.",
  noSessionStarted: "No se pudo comenzar la prueba. Vuelve a intentarlo.",
};
