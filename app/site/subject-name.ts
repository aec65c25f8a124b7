import { useCallback } from "react";
import { footerLabel, type Subject } from "../../domain/subjects.ts";
import { useRootData } from "./root-data";

/**
 * A subject's name in the page's language: the spec's English names on English pages (`Hindi(Full)`, and
 * `Hindi(Full) SSC` in the footer), the Marathi names from domain/subjects.ts on Marathi pages.
 */
export function useSubjectName(): (subject: Pick<Subject, "name" | "nameMr">, form?: "name" | "footer") => string {
  const { locale } = useRootData();
  return useCallback(
    (subject, form = "name") => {
      if (locale === "mr") return subject.nameMr;
      return form === "footer" ? footerLabel(subject) : subject.name;
    },
    [locale],
  );
}
