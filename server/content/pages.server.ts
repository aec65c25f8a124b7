import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Locale } from "../../domain/i18n.ts";
import { ContentError, parseFrontMatter, renderMarkdown, splitSections } from "./markdown.server.ts";
import { CONTENT_DIR, PROJECT_ROOT } from "./paths.server.ts";

export const PageFrontMatter = z.object({
  title: z.string().trim().min(2).max(120),
  description: z.string().trim().min(20).max(300),
});

const INFO_PAGES = ["about", "terms", "privacy", "home"] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];

export interface InfoSection {
  heading: string;
  /** Safe HTML of the section's text (without its heading). */
  html: string;
}

export interface InfoPage {
  name: string;
  title: string;
  description: string;
  /** Safe HTML of the whole text. */
  html: string;
  /** The text split at its `##` headings. */
  sections: InfoSection[];
}

function readInfoPage(file: string, name = path.basename(file, ".md")): InfoPage {
  const label = path.relative(PROJECT_ROOT, file) || file;
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch (error) {
    throw new ContentError(`${label}: cannot read the file: ${(error as Error).message}`);
  }
  const { data, body } = parseFrontMatter(source, PageFrontMatter, label);
  if (body.trim() === "") throw new ContentError(`${label}: the page has no text`);
  return {
    name,
    ...data,
    html: renderMarkdown(body),
    sections: splitSections(body).map((section) => ({
      heading: section.heading.replace(/[*_`]/g, ""),
      html: renderMarkdown(section.markdown),
    })),
  };
}

const cache = new Map<string, InfoPage>();

/** `content/pages/<name>.md`, or `content/pages/mr/<name>.md` for the Marathi page; read once per process. */
export function getInfoPage(name: InfoPageName, locale: Locale = "en"): InfoPage {
  const key = `${locale}:${name}`;
  let page = cache.get(key);
  if (!page) {
    const folder = locale === "en" ? path.join(CONTENT_DIR, "pages") : path.join(CONTENT_DIR, "pages", locale);
    page = readInfoPage(path.join(folder, `${name}.md`), name);
    cache.set(key, page);
  }
  return page;
}

/** What `<WelcomeSection>` needs: the headed blocks of `content/pages/home.md`. */
export interface HomeWelcome {
  title: string;
  blocks: InfoSection[];
}

/** For the home page loader: `welcome: getHomeWelcome(locale)`. */
export function getHomeWelcome(locale: Locale = "en"): HomeWelcome {
  const page = getInfoPage("home", locale);
  return { title: page.title, blocks: page.sections.filter((section) => section.heading !== "") };
}
