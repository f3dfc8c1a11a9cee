/** What every student page's layout and error screens say (ADR 0045: one area per file, English and Spanish side by side). */
export const en = {
  skipToContent: "Skip to content",
  productName: "Adaptive Testing",
  studentMenu: "Student Menu",
  studentEntry: "Student Entry",
  signOut: "Sign Out",
  notifications: "Notifications",
  dismissNotification: "Dismiss notification",
  roleAdmin: "Admin",
  roleTeacher: "Teacher",
  roleStudent: "Student",
  /** The switch to the other language, written in that language so a reader of it finds it. */
  switchLanguage: "Español",
  switchLanguageName: "Ver esta página en español",
  /** A student page's error page (components/error-boundary.tsx) and its title. */
  pageNotFound: "Page Not Found",
  pageNotFoundDetail: "The page you are looking for does not exist or has moved.",
  goToHome: "Go to Home",
  somethingWentWrong: "Something went wrong",
  unexpectedError: "An unexpected error occurred. Please try again.",
};

export const es: typeof en = {
  skipToContent: "Saltar al contenido",
  productName: "Adaptive Testing",
  studentMenu: "Menú del estudiante",
  studentEntry: "Entrada de estudiantes",
  signOut: "Cerrar sesión",
  notifications: "Notificaciones",
  dismissNotification: "Cerrar la notificación",
  roleAdmin: "Administrador",
  roleTeacher: "Maestro",
  roleStudent: "Estudiante",
  switchLanguage: "English",
  switchLanguageName: "View this page in English",
  pageNotFound: "No se encontró la página",
  pageNotFoundDetail: "La página que buscas no existe o se cambió de lugar.",
  goToHome: "Ir al inicio",
  somethingWentWrong: "Algo salió mal",
  unexpectedError: "Ocurrió un error inesperado. Vuelve a intentarlo.",
};
