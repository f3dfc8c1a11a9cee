import { LiveFilterForm } from "~/components/live-filter-form";
import { QuestionFilters } from "~/components/questions/question-filters";
import { type QuestionFilterValues, questionListSearch } from "~/domain/questions/question-list";

/** The bank's search, type, difficulty and language filters, applied as the teacher types. */
export function BankFilters({ values }: { values: QuestionFilterValues }) {
  return (
    <LiveFilterForm values={values} textField="search" toSearch={questionListSearch}>
      <QuestionFilters idPrefix="bank" values={values} />
    </LiveFilterForm>
  );
}
