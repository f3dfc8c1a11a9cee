/**
 * A student in one line of a teacher view (ADR 0016): the name given at join with the student ID
 * after it, or the ID alone for a session without a class.
 */
export function studentLabel(student: { studentName: string | null; studentId: string }): string {
  const name = student.studentName?.trim();
  return name ? `${name} (${student.studentId})` : student.studentId;
}
