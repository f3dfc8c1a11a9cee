/**
 * Why a roster import cannot read a file, or refuses one of its rows (ADR 0045): the roster CSV's
 * and the OneRoster bundle's reasons, thrown or listed as codes with their values (`codeWith`,
 * since a row's reason travels as a string) and rendered where the import is answered, in the
 * screen's language. Never sent to a page as an area. Spanish says usted: these reach staff and
 * API clients. Column, file and field names are the files' own and stay as written.
 */
export const en = {
  csvTooManyStudents: "The CSV has more than {max} students; import at most {max} at a time.",
  csvEmpty: "The CSV is empty: it needs a header row and a row for each student.",
  csvMissingColumns: "CSV line {line}: the header row needs a column for {columns}.",
  csvQuoteNotClosed: "CSV line {line}: a quoted cell is never closed.",
  unknownLanguage: 'The language "{value}" is not one the student pages speak: write English or Spanish (en or es), or leave it blank.',
  studentIdOnEarlierLine: "Student ID {studentId} is already on line {line}.",
  emailOnEarlierLine: "The e-mail address {email} is already on line {line}.",

  notAZip: "The file is not a zip archive that can be read.",
  noManifest: "The zip has no manifest.csv: export the roster from your student information system as a OneRoster CSV bundle.",
  fileMissing: "manifest.csv lists {file} as {mode}, but the zip does not have it.",
  unknownVersion: 'manifest.csv names OneRoster version "{version}"; this import reads versions 1.1 and 1.2.',
  noVersion: "manifest.csv names OneRoster version none; this import reads versions 1.1 and 1.2.",
  unknownFileMode: 'manifest.csv says {property} is "{value}"; it must be absent, bulk or delta.',
  fileQuoteNotClosed: "{file} line {line}: a quoted cell is never closed.",
  fileTooManyRows: "{file} has more than {max} rows; a bundle may have at most {max} a file.",
  fileEmpty: "{file} is empty: it needs its header row.",
  fileMissingColumns: "{file} line {line}: the header row has no {columns} column.",

  classNoSourcedId: "The class has no sourcedId.",
  unknownStatus: 'Unknown status "{status}".',
  classNoTitle: "The class has no title.",
  classTitleTooLong: "The class title must be at most {max} characters.",
  classTitleUnstorable: "The class title may not contain control characters (such as NUL) or a broken character (half of an emoji).",
  userNoSourcedId: "The user has no sourcedId.",
  teacherNeedsEmail: "A teacher needs a valid e-mail address to sign in.",
  teacherNameUnstorable: "A teacher's name may not contain control characters (such as NUL) or a broken character (half of an emoji).",
  enrollmentNeedsIds: "The enrollment needs a classSourcedId and a userSourcedId.",
  identifierFallback:
    'The identifier "{identifier}" cannot be a student ID (letters, digits, dots, dashes and underscores, up to 64), so the student ID is the sourcedId, {sourcedId}.',
};

export const es: typeof en = {
  csvTooManyStudents: "El CSV tiene más de {max} estudiantes; importe como máximo {max} a la vez.",
  csvEmpty: "El CSV está vacío: necesita una fila de encabezado y una fila por cada estudiante.",
  csvMissingColumns: "Línea {line} del CSV: a la fila de encabezado le falta una columna para {columns}.",
  csvQuoteNotClosed: "Línea {line} del CSV: una celda entre comillas nunca se cierra.",
  unknownLanguage: "El idioma «{value}» no es uno de los que usan las páginas del estudiante: escriba English o Spanish (en o es), o déjelo en blanco.",
  studentIdOnEarlierLine: "El número de estudiante {studentId} ya está en la línea {line}.",
  emailOnEarlierLine: "La dirección de correo electrónico {email} ya está en la línea {line}.",

  notAZip: "El archivo no es un archivo zip que se pueda leer.",
  noManifest: "El zip no tiene manifest.csv: exporte la lista desde su sistema de información estudiantil como paquete CSV de OneRoster.",
  fileMissing: "manifest.csv indica {file} como {mode}, pero el zip no lo tiene.",
  unknownVersion: "manifest.csv indica la versión «{version}» de OneRoster; esta importación lee las versiones 1.1 y 1.2.",
  noVersion: "manifest.csv no indica ninguna versión de OneRoster; esta importación lee las versiones 1.1 y 1.2.",
  unknownFileMode: "manifest.csv dice que {property} es «{value}»; debe ser absent, bulk o delta.",
  fileQuoteNotClosed: "{file}, línea {line}: una celda entre comillas nunca se cierra.",
  fileTooManyRows: "{file} tiene más de {max} filas; un paquete puede tener como máximo {max} por archivo.",
  fileEmpty: "{file} está vacío: necesita su fila de encabezado.",
  fileMissingColumns: "{file}, línea {line}: a la fila de encabezado le falta la columna {columns}.",

  classNoSourcedId: "La clase no tiene sourcedId.",
  unknownStatus: "Estado desconocido: «{status}».",
  classNoTitle: "La clase no tiene título.",
  classTitleTooLong: "El título de la clase debe tener como máximo {max} caracteres.",
  classTitleUnstorable: "El título de la clase no puede contener caracteres de control (como NUL) ni un carácter incompleto (la mitad de un emoji).",
  userNoSourcedId: "El usuario no tiene sourcedId.",
  teacherNeedsEmail: "Un maestro necesita una dirección de correo electrónico válida para iniciar sesión.",
  teacherNameUnstorable: "El nombre de un maestro no puede contener caracteres de control (como NUL) ni un carácter incompleto (la mitad de un emoji).",
  enrollmentNeedsIds: "La inscripción necesita un classSourcedId y un userSourcedId.",
  identifierFallback:
    "El identificador «{identifier}» no puede ser un número de estudiante (letras, dígitos, puntos, guiones y guiones bajos, hasta 64), así que el número de estudiante es el sourcedId, {sourcedId}.",
};
