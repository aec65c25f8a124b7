import { eq } from "drizzle-orm";
import { type Request, Router } from "express";
import { languageCookie } from "../../domain/cookies.ts";
import { isLocale, type Locale, localizePath } from "../../domain/i18n.ts";
import { isSafeRedirect } from "../../domain/redirect.ts";
import { getUser } from "../auth/session.server.ts";
import { users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { pageCatalogByKey } from "./catalog.server.ts";

async function rememberLocale(services: Services, req: Request, locale: Locale): Promise<void> {
  const user = await getUser(req);
  if (user) await services.database.db.update(users).set({ locale }).where(eq(users.id, user.id));
}
/**
 * `GET /language/:locale?next=/path`: the header's language switch. Records the visitor's choice in a cookie
 * for a year and sends them to `next` in that language (303). A bad language or `next` gets a 400 page (domain/redirect.ts judges `next`); the
 * target is always a path on this site.
 */
export function languageRouter(services: Services): Router {
  const router = Router();
  router.get("/language/:locale", async (req, res) => {
    const { locale } = req.params;
    const next = req.query.next ?? "/";
    // The guard judges the path that will be sent, after the language prefix is removed or added.
    const target = isLocale(locale) && isSafeRedirect(next) ? localizePath(next, locale) : null;
    if (!isLocale(locale) || target === null || !isSafeRedirect(target)) {
      res.status(400).type("text/plain").send("Unknown language or page. Go back and choose English or मराठी again.");
      return;
    }
    res.setHeader("Set-Cookie", languageCookie(locale, services.config.https));
    // Signed in, the account takes the language too (its emails are in it). The switch works even when this
    // cannot be stored (an outage): the cookie is what the pages read.
    await rememberLocale(services, req, locale).catch((error: unknown) =>
      services.log.warn({ err: error }, "the account's language could not be stored"),
    );
    res.setHeader("Cache-Control", "no-store");
    res.redirect(303, target);
  });

  // A page's messages, for a browser that navigates to a page needing another set (app/site/i18n.ts). The key
  // holds a hash of the content, so the answer never changes for a URL.
  router.get("/i18n/:file", (req, res) => {
    const key = /^(.{1,200})\.json$/.exec(req.params.file)?.[1];
    const catalog = key ? pageCatalogByKey(key) : undefined;
    if (!catalog) {
      res.status(404).type("text/plain").send("No such message catalog");
      return;
    }
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("application/json").send(catalog.json);
  });
  return router;
}
