import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SUBJECTS, subjectPath } from "../domain/subjects.ts";
import { ARTICLE, PAGES } from "./pages.ts";

// Articles are Markdown files; each file is one route, so adding an article is adding a file. Marathi
// articles (content/articles/mr) have their own slugs.
function slugsIn(folder: string): string[] {
  const dir = fileURLToPath(new URL(folder, import.meta.url));
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => name.slice(0, -".md".length))
    .sort();
}

// Route ids that code and tests name: where a module serves several paths, one id per path.
const SUBJECT_SLUG = new Map(SUBJECTS.map((subject) => [subjectPath(subject).slice(1), subject.slug]));
function routeId(file: string, path: string): string | undefined {
  if (file === "routes/legal.tsx") return path === "terms-&-conditions" ? "legal-terms" : "legal-privacy";
  if (file === "routes/subject.tsx") return `subject-${SUBJECT_SLUG.get(path)}`;
  if (file === "routes/model-paper.tsx") return `model-paper-${SUBJECT_SLUG.get(path.split("/")[0] ?? "")}`;
  if (file === "routes/chapter-practice.tsx") return `chapter-practice-${SUBJECT_SLUG.get(path.split("/")[0] ?? "")}`;
  if (file === "routes/new-paper.tsx") return `new-paper-${SUBJECT_SLUG.get(path.split("/")[0] ?? "")}`;
  return undefined;
}

/**
 * Every page of app/pages.ts, in one language: the spec's English paths as they are, and the same paths under
 * `/mr` for the Marathi pages (issue 14). The route modules are shared; route ids get a `-mr` suffix.
 */
function pages(locale: "en" | "mr") {
  const at = (path: string) => (locale === "en" ? path : path === "" ? "mr" : `mr/${path}`);
  const id = (name: string) => (locale === "en" ? name : `${name}-mr`);
  const articleSlugs = slugsIn(locale === "en" ? "../content/articles" : "../content/articles/mr");
  return PAGES.filter((page) => !page.admin).flatMap((page) =>
    page.paths.flatMap((path) => {
      const explicit = routeId(page.file, path);
      const fileId = page.file.replace(/\.tsx$/, "");
      if (path === "") return locale === "en" ? [index(page.file)] : [route("mr", page.file, { id: id(fileId) })];
      if (path === ARTICLE)
        return articleSlugs.map((slug) => route(at(slug), page.file, { id: id(`article-${slug}`) }));
      const options = explicit ? { id: id(explicit) } : locale === "mr" ? { id: id(fileId) } : {};
      return [route(at(path), page.file, options)];
    }),
  );
}

/**
 * The operators' console (issue 15), in English only: its users are the site's staff. Every loader and
 * action checks for an admin on the server; anyone else gets the site's 404 page.
 */
const admin = [
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/catalogue.tsx"),
    route("papers/:paperId", "routes/admin/paper.tsx"),
    route("upload", "routes/admin/upload.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("year-notes", "routes/admin/year-notes.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("accounts", "routes/admin/accounts.tsx"),
  ]),
];

export default [...pages("en"), ...pages("mr"), ...admin] satisfies RouteConfig;
