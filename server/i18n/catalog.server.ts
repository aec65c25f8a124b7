/**
 * The interface's message catalogs (issue 14): `content/i18n/<locale>/<namespace>.yaml`, one folder per
 * language, each file a namespace of nested keys (`header: { signIn: … }` in `common.yaml` is the message
 * `common.header.signIn`). Messages are ICU MessageFormat. They are read and compiled with Lingui's compiler
 * once per process; pages receive the compiled catalog of their language, so no compiler reaches the browser.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parse as parseYaml } from "yaml";
import { namespaceSet, namespacesAt } from "../../app/pages.ts";
import {
  type CompiledCatalog,
  INTL_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  namespaceInSet,
} from "../../domain/i18n.ts";
import { CONTENT_DIR } from "../content/paths.server.ts";

export const CATALOG_DIR = path.join(CONTENT_DIR, "i18n");

/** One language's messages, flat: key → ICU source text, and where each key was written. */
export interface SourceCatalog {
  locale: Locale;
  messages: Map<string, string>;
  files: Map<string, string>;
}

function flatten(value: unknown, prefix: string, file: string, out: SourceCatalog, problems: string[]): void {
  if (typeof value === "string") {
    out.messages.set(prefix, value);
    out.files.set(prefix, file);
    return;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    problems.push(`${file}: ${prefix}: must be a text or a group of keys`);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!/^[A-Za-z0-9_]+$/.test(key)) problems.push(`${file}: ${prefix}.${key}: keys are letters, digits and _`);
    flatten(child, `${prefix}.${key}`, file, out, problems);
  }
}

/** Reads one language's folder. Problems (bad YAML, bad keys) are returned, naming the file and the key. */
export function readSourceCatalog(locale: Locale, dir = CATALOG_DIR): { catalog: SourceCatalog; problems: string[] } {
  const catalog: SourceCatalog = { locale, messages: new Map(), files: new Map() };
  const problems: string[] = [];
  const folder = path.join(dir, locale);
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const file = path.relative(path.dirname(CONTENT_DIR), path.join(folder, name));
    let data: unknown;
    try {
      data = parseYaml(readFileSync(path.join(folder, name), "utf8"));
    } catch (error) {
      problems.push(`${file}: not valid YAML: ${(error as Error).message.split("\n")[0]}`);
      continue;
    }
    flatten(data, name.slice(0, -".yaml".length), file, catalog, problems);
  }
  return { catalog, problems };
}

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** The names of the arguments a message uses (`{count, plural, …}` and `{name}` give count and name). */
export function messageArguments(compiled: Compiled): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , cases] = token as [string, string?, Record<string, unknown>?];
      if (typeof name === "string") names.add(name);
      if (cases && typeof cases === "object") for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compiled);
  return [...names].sort();
}

/**
 * Both catalogs, compared: every key in both, every message valid ICU, the same arguments on both sides, and
 * rich-text tags (`<0>…</0>`) kept. Each problem names the file and the key.
 */
export function checkCatalogs(dir = CATALOG_DIR): {
  catalogs: Record<Locale, SourceCatalog>;
  compiled: Record<Locale, Map<string, Compiled>>;
  problems: string[];
} {
  const problems: string[] = [];
  const catalogs = {} as Record<Locale, SourceCatalog>;
  for (const locale of LOCALES) {
    const read = readSourceCatalog(locale, dir);
    catalogs[locale] = read.catalog;
    problems.push(...read.problems);
  }
  const compiled = {} as Record<Locale, Map<string, Compiled>>;
  for (const locale of LOCALES) {
    const catalog = catalogs[locale];
    compiled[locale] = new Map();
    for (const [key, text] of catalog.messages) {
      if (text.trim() === "") problems.push(`${catalog.files.get(key)}: ${key}: empty message`);
      try {
        compiled[locale].set(key, compileMessageOrThrow(text));
      } catch (error) {
        problems.push(`${catalog.files.get(key)}: ${key}: not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }
  }
  const [first, ...others] = LOCALES;
  for (const other of others) {
    for (const key of catalogs[first].messages.keys()) {
      if (!catalogs[other].messages.has(key))
        problems.push(`content/i18n/${other}: ${key}: missing (it is in ${first})`);
    }
    for (const key of catalogs[other].messages.keys()) {
      if (!catalogs[first].messages.has(key))
        problems.push(`${catalogs[other].files.get(key)}: ${key}: not in ${first}`);
    }
    for (const [key, source] of compiled[first]) {
      const translated = compiled[other].get(key);
      if (!translated) continue;
      const want = messageArguments(source).join(", ");
      const got = messageArguments(translated).join(", ");
      if (want !== got) {
        problems.push(`${catalogs[other].files.get(key)}: ${key}: uses {${got}}, the ${first} message uses {${want}}`);
      }
      const tags = (text: string) =>
        [...text.matchAll(/<\/?(\d+)\/?>/g)]
          .map((m) => m[0])
          .sort()
          .join(" ");
      const sourceTags = tags(catalogs[first].messages.get(key) ?? "");
      const translatedTags = tags(catalogs[other].messages.get(key) ?? "");
      if (sourceTags !== translatedTags) {
        problems.push(
          `${catalogs[other].files.get(key)}: ${key}: tags ${translatedTags || "none"}, the ${first} message has ${sourceTags || "none"}`,
        );
      }
    }
  }
  return { catalogs, compiled, problems };
}

let compiledCache: Record<Locale, CompiledCatalog> | undefined;
/**
 * A page's messages (its namespaces: app/pages.ts), identified by a key that names the language, the namespaces
 * and a hash of the content: `mr.subject,paper,auth,viewer.1a2b3c4d`. Pages carry the key in their data and
 * the messages once, as an inline JSON block serialised here once per process; a browser that navigates to
 * a page needing another set fetches `/i18n/<key>.json`, which never changes for a key.
 */
export interface PageCatalog {
  key: string;
  messages: CompiledCatalog;
  /** The messages as JSON, safe inside a `<script type="application/json">` (no `<`). */
  json: string;
}

const bySet = new Map<string, PageCatalog>();
const byKey = new Map<string, PageCatalog>();

/** The messages of a namespace set in a language, serialised once per process. */
function catalogForSet(locale: Locale, namespaces: readonly string[]): PageCatalog {
  const set = `${locale}.${namespaces.join(",")}`;
  let entry = bySet.get(set);
  if (!entry) {
    const messages = Object.fromEntries(
      Object.entries(compiledCatalog(locale)).filter(([id]) => namespaceInSet(id.split(".", 1)[0] ?? "", namespaces)),
    );
    const json = JSON.stringify(messages).replace(/</g, "\\u003c");
    const hash = createHash("sha256").update(json).digest("hex").slice(0, 10);
    entry = { key: `${set}.${hash}`, messages, json };
    bySet.set(set, entry);
    byKey.set(entry.key, entry);
  }
  return entry;
}

export function pageCatalog(locale: Locale, pathname: string): PageCatalog {
  return catalogForSet(locale, namespacesAt(pathname));
}

/**
 * A page catalog by its key, for `/i18n/<key>.json`. A process that has not built the set yet (a restart,
 * another instance) builds it from the key's language and namespaces; the hash must then match.
 */
export function pageCatalogByKey(key: string): PageCatalog | undefined {
  const found = byKey.get(key);
  if (found) return found;
  const match = /^(en|mr)\.([a-z,]*)\.[0-9a-f]{10}$/.exec(key);
  const locale = match?.[1];
  const namespaces = namespaceSet(match?.[2] ?? "");
  if (!isLocale(locale) || !namespaces) return undefined;
  const entry = catalogForSet(locale, namespaces);
  return entry.key === key ? entry : undefined;
}

/** The compiled catalog of a language, for pages and for the server's own messages. Throws on a broken catalog. */
export function compiledCatalog(locale: Locale): CompiledCatalog {
  if (!compiledCache) {
    const { compiled, problems } = checkCatalogs();
    // A missing translation falls back to English at runtime, but broken ICU would show raw braces: refuse it.
    const fatal = problems.filter((p) => p.includes("not valid ICU") || p.includes("not valid YAML"));
    if (fatal.length > 0) throw new Error(`broken message catalogs:\n${fatal.join("\n")}`);
    const built = {} as Record<Locale, CompiledCatalog>;
    for (const l of LOCALES) {
      const messages: CompiledCatalog = {};
      // English first, then the language's own: a key missing in a translation shows in English, not as a key.
      for (const source of [compiled.en, compiled[l]]) {
        for (const [key, message] of source) messages[key] = message as CompiledCatalog[string];
      }
      built[l] = messages;
    }
    compiledCache = built;
  }
  return compiledCache[locale];
}

const serverI18ns = new Map<Locale, I18n>();

/**
 * The server's own texts (emails) in a language, formatted by Lingui as the pages' are (the pages' `i18nFor` is
 * in app/, which the server cannot import from source: its imports name no extensions).
 */
export function serverI18n(locale: Locale): I18n {
  let i18n = serverI18ns.get(locale);
  if (!i18n) {
    i18n = setupI18n({
      locale,
      locales: INTL_LOCALE[locale],
      messages: { [locale]: compiledCatalog(locale) as Messages },
    });
    serverI18ns.set(locale, i18n);
  }
  return i18n;
}
