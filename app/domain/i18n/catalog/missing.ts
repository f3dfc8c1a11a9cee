/**
 * What a record not found is called (ADR 0045): the codes of `NOT_FOUND`
 * (`domain/shell/not-found.ts`), answered by the API in the request's language and shown by the
 * staff screens' not-found pages and toasts in English. Never sent to a page as an area.
 */
export const en = {
  test: "Test Not Found",
  session: "Session Not Found",
  question: "Question Not Found",
  competency: "Competency Not Found",
  prerequisiteCompetency: "Prerequisite Competency Not Found",
  prerequisite: "Prerequisite Not Found",
  curriculum: "Curriculum Not Found",
  curriculumMember: "That Competency Is Not In This Curriculum",
  questionCompetencyLink: "That Competency Is Not Linked To This Question",
  job: "Job Not Found",
  cohort: "Class Not Found",
  answer: "Answer Not Found",
  student: "Student Not Found",
  account: "Account Not Found",
  invitation: "Invitation Not Found",
  classTeacher: "That Account Does Not Teach This Class",
  rosterMember: "That Student Is Not On This Class's Roster",
  testingWindow: "Testing Window Not Found",
};

export const es: typeof en = {
  test: "No se encontró la prueba",
  session: "No se encontró la sesión",
  question: "No se encontró la pregunta",
  competency: "No se encontró la competencia",
  prerequisiteCompetency: "No se encontró la competencia que es requisito previo",
  prerequisite: "No se encontró el requisito previo",
  curriculum: "No se encontró el plan de estudios",
  curriculumMember: "Esa competencia no está en este plan de estudios",
  questionCompetencyLink: "Esa competencia no está vinculada a esta pregunta",
  job: "No se encontró la tarea",
  cohort: "No se encontró la clase",
  answer: "No se encontró la respuesta",
  student: "No se encontró al estudiante",
  account: "No se encontró la cuenta",
  invitation: "No se encontró la invitación",
  classTeacher: "Esa cuenta no enseña en esta clase",
  rosterMember: "Ese estudiante no está en la lista de esta clase",
  testingWindow: "No se encontró el período de pruebas",
};
