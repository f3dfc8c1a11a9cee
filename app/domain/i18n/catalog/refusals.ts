/**
 * Why a rule refused what staff sent (ADR 0045): the refusals of the question bank, tests,
 * curriculum, classes, students and accounts, thrown as codes with their values and rendered by
 * the API's error mapping in the request's language (on a staff screen, in English). Never sent
 * to a page as an area. Spanish says usted.
 */
export const en = {
  unknownCompetency: "Unknown competency: {ids}",
  cannotGrade: "This question cannot be graded.",
  onlyChatConversation: "Only chat questions have a conversation.",
  unknownModule: "Unknown module",
  moduleNameTaken: 'A module named "{name}" already exists.',
  prerequisiteExists: "This prerequisite already exists.",
  prerequisiteCycle: 'This would create a cycle: "{prerequisite}" already depends on "{competency}".',
  selfPrerequisite: "A competency cannot be its own prerequisite.",

  questionRepeated: "A question can be in a test only once: {id}",
  unknownQuestion: "Unknown question: {ids}",
  foreignSection: "Section id {id} belongs to another test",

  joinCodeTaken: "That join code is already used by another class.",
  unknownTest: "Unknown test",
  notATeacher: "That account is a student's: make it a teacher on Accounts & Roles first.",

  chooseClassForImport: "Choose one of your classes to add these students to.",
  chooseOneRosterZip: "Choose the OneRoster zip to import.",
  refusedRowsOfLargeBundle: "This bundle is large enough to be checked in parts: its preview's answer links to every refused row.",
  oneRosterNotZip: "{reason} Upload the OneRoster CSV bundle as a .zip file.",
  oneRosterNotMultipart: "Send the bundle as multipart form data, the zip in the field file.",
  studentIdTaken: "A student with ID {studentId} already exists.",
  emailTaken: "Another student already has the e-mail address {email}.",
  accommodationsRequired: "Accommodations are required on student records (send all fields false to clear them)",

  ownRole: "You cannot change your own role: ask another district admin.",
  alreadyHasPassword: "This address already has an account with a password. Use Reset sign-in on Accounts & Roles to give it a new one.",
  noPasswordToReset: "This account signs in through your identity provider or is a student's: it has no password here to reset.",
  notPending: "This link was already accepted or revoked.",

  windowNameTaken: "There is already a testing window named {name}.",
  windowOverlap: "These dates overlap {name} ({startsOn} to {endsOn}): a session must belong to one window only.",
  windowUnknownFrom: "from: no testing window has this id",
  windowUnknownTo: "to: no testing window has this id",
  windowChooseBoth: "Choose both a from and a to window, or neither",
  windowOrder: "from must be a testing window before to",
  malformedClassId: "cohortId must be a class id",
  malformedTestId: "testConfigId must be a test id",
  malformedWindowId: "windowId must be a testing window id or all",
  regradeChoice: "Only free-response, scenario and chat answers can be regraded: choice questions are scored by their answer key.",
  regradeUnanswered: "This question has not been answered in this session.",
  regradeLate: "This answer came after its question's time ran out, so it counts as no answer and has no grade to change.",
  erasureFailed: "The student's data could not be deleted, and nothing was changed. Please try again in a moment.",
  demoTestMissing: 'Failed to generate demo data: the demo test "{title}" is not in this product\'s tests.',
};

export const es: typeof en = {
  unknownCompetency: "Competencia desconocida: {ids}",
  cannotGrade: "Esta pregunta no se puede calificar.",
  onlyChatConversation: "Solo las preguntas de conversación tienen una conversación.",
  unknownModule: "Módulo desconocido",
  moduleNameTaken: "Ya existe un módulo llamado «{name}».",
  prerequisiteExists: "Este requisito previo ya existe.",
  prerequisiteCycle: "Esto crearía un ciclo: «{prerequisite}» ya depende de «{competency}».",
  selfPrerequisite: "Una competencia no puede ser su propio requisito previo.",

  questionRepeated: "Una pregunta puede estar en una prueba solo una vez: {id}",
  unknownQuestion: "Pregunta desconocida: {ids}",
  foreignSection: "La sección {id} pertenece a otra prueba",

  joinCodeTaken: "Otra clase ya usa ese código de la clase.",
  unknownTest: "Prueba desconocida",
  notATeacher: "Esa cuenta es de un estudiante: primero conviértala en cuenta de maestro en Cuentas y roles.",

  chooseClassForImport: "Elija una de sus clases para agregar a estos estudiantes.",
  chooseOneRosterZip: "Elija el archivo zip de OneRoster que desea importar.",
  refusedRowsOfLargeBundle:
    "Este paquete es lo bastante grande como para revisarse por partes: la respuesta de su vista previa enlaza a todas las filas rechazadas.",
  oneRosterNotZip: "{reason} Suba el paquete CSV de OneRoster como archivo .zip.",
  oneRosterNotMultipart: "Envíe el paquete como datos de formulario multipart, con el zip en el campo file.",
  studentIdTaken: "Ya existe un estudiante con el número de estudiante {studentId}.",
  emailTaken: "Otro estudiante ya tiene la dirección de correo electrónico {email}.",
  accommodationsRequired: "Los registros de estudiantes requieren adaptaciones (envíe todos los campos en false para quitarlas)",

  ownRole: "No puede cambiar su propio rol: pídaselo a otro administrador del distrito.",
  alreadyHasPassword: "Esta dirección ya tiene una cuenta con contraseña. Use Restablecer inicio de sesión en Cuentas y roles para darle una nueva.",
  noPasswordToReset: "Esta cuenta inicia sesión a través de su proveedor de identidad o es de un estudiante: no tiene aquí una contraseña que restablecer.",
  notPending: "Este enlace ya se aceptó o se revocó.",

  windowNameTaken: "Ya hay un período de pruebas llamado {name}.",
  windowOverlap: "Estas fechas se superponen con {name} (del {startsOn} al {endsOn}): una sesión debe pertenecer a un solo período.",
  windowUnknownFrom: "from: ningún período de pruebas tiene este id",
  windowUnknownTo: "to: ningún período de pruebas tiene este id",
  windowChooseBoth: "Elija un período from y uno to, o ninguno",
  windowOrder: "from debe ser un período de pruebas anterior a to",
  malformedClassId: "cohortId debe ser el id de una clase",
  malformedTestId: "testConfigId debe ser el id de una prueba",
  malformedWindowId: "windowId debe ser el id de un período de pruebas o all",
  regradeChoice:
    "Solo se pueden volver a calificar las respuestas abiertas, de situación y de conversación: las preguntas de opción se califican con su clave de respuestas.",
  regradeUnanswered: "Esta pregunta no se ha respondido en esta sesión.",
  regradeLate: "Esta respuesta llegó después de que se acabó el tiempo de su pregunta, así que cuenta como sin respuesta y no tiene calificación que cambiar.",
  erasureFailed: "No se pudieron eliminar los datos del estudiante y no se cambió nada. Inténtelo de nuevo en un momento.",
  demoTestMissing: "No se pudieron generar los datos de demostración: la prueba de demostración «{title}» no está entre las pruebas de este producto.",
};
