/**
 * "Last papers opened" on the home and progress pages (issue 26, decision 029): the signed-in student's newest
 * papers from the account's reading, each titled in the page's language (a model paper by its own title, in the
 * language it is written in), with the page they were read to and the link that reopens it in the viewer.
 * Nothing for a visitor. Paths are English: the pages localize them.
 */
import type { RouterContextProvider } from "react-router";
import type { Locale } from "../../domain/i18n.ts";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { compiledCatalog } from "../../server/i18n/catalog.server.ts";
import { paperFileOf, readingOf } from "../../server/reading/reading.server.ts";
import { findReportablePaper } from "../../server/reports/reports.server.ts";
import { servicesContext } from "../context";
import { getUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";
import { i18nFor } from "../site/i18n";
import { viewerHref } from "./viewer-route";

const SHOWN = 3;
/** Rows looked at to find SHOWN papers still on the site (an admin may have retired one since). */
const LOOKED_AT = 12;

export async function lastOpenedPapers(context: Readonly<RouterContextProvider>, locale: Locale) {
  const user = await getUser(context);
  if (!user) return [];
  const services = context.get(servicesContext);
  const t = i18nFor(locale, compiledCatalog(locale))._;
  return orUnavailable(async () => {
    const shown = new Map<string, LastOpened>();
    for (const row of await readingOf(services, user.id, LOOKED_AT)) {
      const file = paperFileOf(row.paper);
      // A paper's question and solution are one paper here: the one read last says where.
      if (!file || shown.has(file.id)) continue;
      const paper = await findReportablePaper(services, file.id);
      if (!paper) continue;
      const subject = subjectByKey(paper.subject);
      const title =
        paper.title ??
        t("report.paperTitle", {
          subject: locale === "mr" ? subject.nameMr : subject.name,
          session: t(`report.session.${paper.session ?? "march"}`),
          year: paper.year ?? "",
        });
      // A board paper opens over the subject's listing (in the student's medium, wherever the paper is listed).
      const over = paper.title === null ? subjectPath(subject) : paper.publicUrl;
      shown.set(file.id, {
        key: row.paper,
        title,
        lang: paper.language && paper.language !== locale ? paper.language : undefined,
        kind: file.kind,
        page: row.page,
        href: viewerHref(over, new URLSearchParams(), file),
      });
      if (shown.size === SHOWN) break;
    }
    return [...shown.values()];
  });
}

interface LastOpened {
  key: string;
  title: string;
  lang: string | undefined;
  kind: "question" | "solution";
  page: number;
  href: string;
}
