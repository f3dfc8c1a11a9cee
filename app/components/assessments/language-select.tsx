import { CONTENT_LANGUAGE_LABELS, CONTENT_LANGUAGES, type ContentLanguage } from "~/domain/questions/content-language";

/** The labelled "Language" select of the generator and the importer (ADR 0044): each language in its own name. */
export function LanguageSelect({
  id,
  value,
  onChange,
  help,
}: {
  id: string;
  value: ContentLanguage;
  onChange: (language: ContentLanguage) => void;
  help?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        Language
      </label>
      <select
        id={id}
        className="input mt-1 sm:w-1/2"
        value={value}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => onChange(event.target.value as ContentLanguage)}
      >
        {CONTENT_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {CONTENT_LANGUAGE_LABELS[language]}
          </option>
        ))}
      </select>
      {help ? (
        <p id={`${id}-help`} className="mt-1 text-sm text-slate-700">
          {help}
        </p>
      ) : null}
    </div>
  );
}
