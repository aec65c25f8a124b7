import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SUBJECTS, subjectPath } from "../domain/subjects.ts";

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

/**
 * Every page, in one language: the spec's English paths as they are, and the same paths under `/mr` for the
 * Marathi pages (issue 14). The route modules are shared; route ids get a `-mr` suffix.
 */
function pages(locale: "en" | "mr") {
  const at = (path: string) => (locale === "en" ? path : path === "" ? "mr" : `mr/${path}`);
  // English ids stay what they were (the file's path, or the id given); Marathi ones add `-mr`.
  const opts = (name: string, explicit = false) =>
    locale === "en" ? (explicit ? { id: name } : {}) : { id: `${name}-mr` };
  const articleSlugs = slugsIn(locale === "en" ? "../content/articles" : "../content/articles/mr");
  return [
    locale === "en" ? index("routes/home.tsx") : route("mr", "routes/home.tsx", { id: "routes/home-mr" }),
    route(at("login"), "routes/login.tsx", opts("routes/login")),
    route(at("logout"), "routes/logout.tsx", opts("routes/logout")),
    route(at("blogs"), "routes/blogs.tsx", opts("routes/blogs")),
    route(at("about-us"), "routes/about.tsx", opts("routes/about")),
    route(at("contact-us"), "routes/contact.tsx", opts("routes/contact")),
    route(at("terms-&-conditions"), "routes/legal.tsx", opts("legal-terms", true)),
    route(at("privacy-&-policy"), "routes/legal.tsx", opts("legal-privacy", true)),
    route(at("loader"), "routes/loader.tsx", opts("routes/loader")),
    route(at("practice/new"), "routes/practice-new.tsx", opts("routes/practice-new")),
    route(at("practice/:attemptId"), "routes/practice.tsx", opts("routes/practice")),
    route(at("practice/:attemptId/check"), "routes/practice-check.tsx", opts("routes/practice-check")),
    route(at("practice/:attemptId/result"), "routes/practice-result.tsx", opts("routes/practice-result")),
    route(at("progress"), "routes/progress.tsx", opts("routes/progress")),
    route(at("report"), "routes/report.tsx", opts("routes/report")),
    route(at("search"), "routes/search.tsx", opts("routes/search")),
    route(at("saved"), "routes/saved.tsx", opts("routes/saved")),
    ...SUBJECTS.map((subject) =>
      route(at(subjectPath(subject).slice(1)), "routes/subject.tsx", opts(`subject-${subject.slug}`, true)),
    ),
    ...SUBJECTS.map((subject) =>
      route(
        at(`${subjectPath(subject).slice(1)}/:paperId`),
        "routes/model-paper.tsx",
        opts(`model-paper-${subject.slug}`, true),
      ),
    ),
    ...articleSlugs.map((slug) => route(at(slug), "routes/article.tsx", opts(`article-${slug}`, true))),
    route(at("*"), "routes/not-found.tsx", opts("routes/not-found")),
  ];
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
  ]),
];

export default [...pages("en"), ...pages("mr"), ...admin] satisfies RouteConfig;
