import { Link } from "react-router";
import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { useLocale, useT } from "../site/i18n";
import { useSubjectName } from "../site/subject-name";

/** 'Explore more question papers': one button per subject (spec §2 "Subject page" item 4). */
export function SubjectExplore({ currentKey }: { currentKey: string }) {
  const t = useT();
  const { path } = useLocale();
  const subjectName = useSubjectName();
  return (
    <section aria-labelledby="explore-heading" className="mx-auto max-w-6xl px-4 pt-12">
      <h2 id="explore-heading" className="text-xl font-bold text-indigo-900">
        {t("subject.explore")}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {SUBJECTS.map((subject) => (
          <li key={subject.key}>
            <Link
              to={path(subjectPath(subject))}
              aria-current={subject.key === currentKey ? "page" : undefined}
              className="flex h-full items-center justify-center rounded-lg border border-indigo-200 bg-white px-3 py-3 text-center text-sm font-semibold text-indigo-900 hover:border-indigo-700 hover:bg-indigo-50 aria-[current=page]:border-indigo-800 aria-[current=page]:bg-indigo-800 aria-[current=page]:text-white"
            >
              {subjectName(subject)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
