import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { SUBJECTS, subjectPath } from "../domain/subjects.ts";

// Articles are Markdown files; each file is one route, so adding an article is adding a file.
const articlesDir = fileURLToPath(new URL("../content/articles", import.meta.url));
const articleSlugs = readdirSync(articlesDir)
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.slice(0, -".md".length))
  .sort();

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("about-us", "routes/about.tsx"),
  route("contact-us", "routes/contact.tsx"),
  route("terms-&-conditions", "routes/legal.tsx", { id: "legal-terms" }),
  route("privacy-&-policy", "routes/legal.tsx", { id: "legal-privacy" }),
  route("loader", "routes/loader.tsx"),
  route("practice/new", "routes/practice-new.tsx"),
  route("practice/:attemptId", "routes/practice.tsx"),
  route("practice/:attemptId/check", "routes/practice-check.tsx"),
  route("practice/:attemptId/result", "routes/practice-result.tsx"),
  route("progress", "routes/progress.tsx"),
  ...SUBJECTS.map((subject) =>
    route(subjectPath(subject).slice(1), "routes/subject.tsx", { id: `subject-${subject.slug}` }),
  ),
  ...SUBJECTS.map((subject) =>
    route(`${subjectPath(subject).slice(1)}/:paperId`, "routes/model-paper.tsx", { id: `model-paper-${subject.slug}` }),
  ),
  ...articleSlugs.map((slug) => route(slug, "routes/article.tsx", { id: `article-${slug}` })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
