import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Locale, localizePath } from "../../domain/i18n.ts";
import { ContentError, parseFrontMatter, renderMarkdown } from "./markdown.server.ts";
import { CONTENT_DIR, PROJECT_ROOT, PUBLIC_DIR } from "./paths.server.ts";

const isoDate = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value.trim()))
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: "must be a date written YYYY-MM-DD" },
  );

export const ArticleFrontMatter = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be lower-case words joined by hyphens" }),
  title: z.string().trim().min(10).max(120),
  description: z.string().trim().min(50).max(300),
  teaser: z.string().trim().min(20).max(300),
  date: isoDate,
  image: z.string().regex(/^\/images\/[\w./-]+\.(?:svg|webp|avif|png|jpe?g)$/, {
    error: "must be a local image path such as /images/articles/<slug>.svg",
  }),
  imageAlt: z.string().trim().min(5).max(200),
  /** A Marathi article's English original (its slug): the two are each other's language alternates. */
  translationOf: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional(),
});

export interface Article {
  slug: string;
  path: string;
  title: string;
  description: string;
  teaser: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  image: string;
  imageAlt: string;
  imageWidth: number;
  imageHeight: number;
  /** The Markdown body, kept for word counts. */
  markdown: string;
  /** Safe HTML of the body. */
  html: string;
  translationOf?: string;
  /** The article's page in each language (the blog in a language without this article). */
  alternates: Record<Locale, string>;
}

export type ArticleSummary = Pick<
  Article,
  "slug" | "path" | "title" | "teaser" | "date" | "image" | "imageAlt" | "imageWidth" | "imageHeight"
>;

const DEFAULT_SIZE = { width: 1200, height: 630 };

/** The intrinsic size from an SVG's width/height (or viewBox), so the page can reserve the space. */
function imageSize(file: string): { width: number; height: number } {
  if (!file.endsWith(".svg")) return DEFAULT_SIZE;
  const tag = /<svg\b[^>]*>/i.exec(readFileSync(file, "utf8"))?.[0] ?? "";
  const width = Number(/\swidth="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1]);
  const height = Number(/\sheight="(\d+(?:\.\d+)?)(?:px)?"/.exec(tag)?.[1]);
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag);
  const [boxWidth, boxHeight] = [Number(box?.[1]), Number(box?.[2])];
  if (boxWidth > 0 && boxHeight > 0) return { width: Math.round(boxWidth), height: Math.round(boxHeight) };
  return DEFAULT_SIZE;
}

/** Reads, validates and renders every `*.md` file in `dir`, newest first. Throws naming the bad file. */
export function readArticles(dir: string, publicDir = PUBLIC_DIR, locale: Locale = "en"): Article[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const articles = files.map((name): Article => {
    const file = path.join(dir, name);
    const label = path.relative(PROJECT_ROOT, file) || name;
    const { data, body } = parseFrontMatter(readFileSync(file, "utf8"), ArticleFrontMatter, label);
    const fileSlug = name.slice(0, -".md".length);
    if (data.slug !== fileSlug) {
      throw new ContentError(
        `${label}: invalid front matter: slug: "${data.slug}" must match the file name "${fileSlug}"`,
      );
    }
    const imageFile = path.join(publicDir, data.image.replace(/^\/+/, ""));
    if (!existsSync(imageFile)) {
      throw new ContentError(`${label}: invalid front matter: image: ${data.image} does not exist in public/`);
    }
    if (body.trim() === "") throw new ContentError(`${label}: the article has no text`);
    const size = imageSize(imageFile);
    return {
      ...data,
      path: localizePath(`/${data.slug}`, locale),
      alternates: { en: "/blogs", mr: "/mr/blogs", [locale]: localizePath(`/${data.slug}`, locale) },
      imageWidth: size.width,
      imageHeight: size.height,
      markdown: body,
      html: renderMarkdown(body),
    };
  });
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

let cache: Record<Locale, Article[]> | undefined;

/**
 * Both languages' articles, read once per process and linked to each other: a Marathi article names its
 * English original (`translationOf`), which must exist. Throws naming the file otherwise.
 */
export function readAllArticles(articlesDir = path.join(CONTENT_DIR, "articles"), publicDir = PUBLIC_DIR) {
  const en = readArticles(articlesDir, publicDir, "en");
  const mrDir = path.join(articlesDir, "mr");
  const mr = existsSync(mrDir) ? readArticles(mrDir, publicDir, "mr") : [];
  for (const article of mr) {
    const original = en.find((a) => a.slug === article.translationOf);
    if (!original) {
      throw new ContentError(
        `content/articles/mr/${article.slug}.md: translationOf: "${article.translationOf ?? ""}" is not an English article`,
      );
    }
    original.alternates.mr = article.path;
    article.alternates.en = original.path;
  }
  return { en, mr };
}

/** Every article of a language, newest first. */
export function getArticles(locale: Locale = "en"): Article[] {
  cache ??= readAllArticles();
  return cache[locale];
}

export function getArticle(slug: string, locale: Locale = "en"): Article | undefined {
  return getArticles(locale).find((article) => article.slug === slug);
}

let slugs: Set<string> | undefined;
/** Whether a path segment names an article in either language (the page policies' article match). */
export function isArticleSlug(slug: string): boolean {
  slugs ??= new Set([...getArticles("en"), ...getArticles("mr")].map((article) => article.slug));
  return slugs.has(slug);
}

export function summarise(article: Article): ArticleSummary {
  const { slug, path: articlePath, title, teaser, date, image, imageAlt, imageWidth, imageHeight } = article;
  return { slug, path: articlePath, title, teaser, date, image, imageAlt, imageWidth, imageHeight };
}

export const BLOG_PAGE_SIZE = 6;

/** One page of the blog list. A missing, garbage or out-of-range page number gives page 1. */
export function blogPage(
  requested: string | null,
  articles: readonly Article[] = getArticles("en"),
): { page: number; pageCount: number; articles: ArticleSummary[] } {
  const pageCount = Math.max(1, Math.ceil(articles.length / BLOG_PAGE_SIZE));
  const asNumber = requested !== null && /^\d{1,4}$/.test(requested) ? Number(requested) : Number.NaN;
  const page = asNumber >= 1 && asNumber <= pageCount ? asNumber : 1;
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { page, pageCount, articles: articles.slice(start, start + BLOG_PAGE_SIZE).map(summarise) };
}
