/** The Question Bank screen's toasts (SPEC.md section 8); its intent schema is questionBankActionSchema. */
export const QUESTION_BANK_MESSAGES = {
  intents: {
    create: { success: "Question created", failure: "Failed to create question. Please try again." },
    update: { success: "Question updated", failure: "Failed to update question. Please try again." },
    delete: { success: "Question deleted", failure: "Failed to delete question. Please try again." },
  },
};
