import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { hasSessionCookie } from "../domain/cookies.ts";
import { isDatabaseUnavailable } from "../server/db/errors.server.ts";
import { nonceContext, outageContext, servicesContext } from "./context";

export const streamTimeout = 5_000;

/**
 * Pages change with the session and the catalogue: browsers must revalidate (spec §1). A page for a session is
 * the student's own: `private, no-store`, so that no shared cache or back-forward copy keeps it. A route that
 * names its own policy keeps it (the admin console: no-store).
 */
function setCachePolicy(request: Request, headers: Headers): void {
  if (hasSessionCookie(request.headers.get("cookie"))) headers.set("Cache-Control", "private, no-store");
  else if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
}

/** A client navigation's data (`.data`): the same policy as its page. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setCachePolicy(request, response.headers);
  return response;
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  setCachePolicy(request, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(servicesContext).log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  const { log } = context.get(servicesContext);
  // A database outage: the outage middleware answers 503 (it reads this mark after the page has rendered), and
  // one warning line per request says why, without a stack trace per request for as long as it lasts.
  if (isDatabaseUnavailable(error)) {
    context.set(outageContext, true);
    log.warn({ url: request.url }, "page met a database outage");
    return;
  }
  // A 4xx (a POST to a page without a form, say) is the client's doing: keep error level for real faults.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ status: error.status, url: request.url }, "route answered a client error");
    return;
  }
  log.error({ err: error, url: request.url }, "unhandled route error");
}
