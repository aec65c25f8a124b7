import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = "", ...values] = d.split(/\s+/);
        return [name, values];
      }),
  );
}

describe.each([
  { name: "http", siteUrl: "http://localhost:3000" },
  { name: "https", siteUrl: "https://paperstation.test" },
])("security headers over $name", ({ name, siteUrl }) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild(), env: { SITE_URL: siteUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it("enforces a nonce-based CSP that matches every script on the page", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get("content-security-policy-report-only")).toBeNull();
    const csp = directives(res.headers.get("content-security-policy") ?? "");
    const scriptSrc = csp.get("script-src") ?? [];
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(name === "https");

    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    // Data blocks (structured data, the page's messages) are never executed: only scripts need the nonce.
    const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(scripts.some((attrs) => attrs.includes('id="ps-i18n"'))).toBe(true);
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);
    // No inline event handlers anywhere in the markup.
    expect(html).not.toMatch(/\son[a-z]+="/i);
  });

  it("uses a fresh nonce for every response", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const csp = (await fetch(`${server.url}/about-us`)).headers.get("content-security-policy") ?? "";
      nonces.add(csp.match(/'nonce-([^']+)'/)?.[1] ?? "");
    }
    expect(nonces.size).toBe(3);
  });

  it("sends the other hardening headers", async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(res.headers.get("permissions-policy")).toMatch(/geolocation=\(\)/);
    expect(res.headers.get("x-powered-by")).toBeNull();
    const hsts = res.headers.get("strict-transport-security");
    if (name === "https") expect(hsts).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    else expect(hsts).toBeNull();
  });

  it("serves pdf.js's fonts, character maps and decoders from this origin", async () => {
    for (const asset of [
      "/pdfjs/standard_fonts/LiberationSans-Regular.ttf",
      "/pdfjs/cmaps/78-EUC-H.bcmap",
      "/pdfjs/wasm/openjpeg.wasm",
    ]) {
      const res = await fetch(`${server.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${server.url}/pdfjs/cmaps/../../package.json`)).status).toBe(404);
  });

  it("sends the headers on API answers too", async () => {
    const res = await fetch(`${server.url}/api/v1/me`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    // The same policy, without a nonce source: nothing in a JSON answer runs as a page (decision 014).
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(res.headers.get("content-security-policy")).not.toContain("'nonce-");
  });
});
