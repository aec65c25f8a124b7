/** The admin console's browser test: its own server with an admin account, and PDFs big enough to show progress. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { type AppProcess, startAppProcess } from "../../../scripts/lib/app-process.ts";
import { noise } from "../../support/pdf-fixtures.ts";

const ROOT = path.join(import.meta.dirname, "../../..");

export const ADMIN = {
  name: "Meera Admin",
  email: "meera.admin@example.com",
  phone: "9812345670",
  password: "console-keys-2026",
};

/**
 * A fresh DATA_DIR with an admin in it, then the production server on it. The embedded database (PGlite)
 * allows one process at a time, so the account is created before the server starts.
 */
export async function startConsoleServer(): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ps-e2e-admin-"));
  const created = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "scripts/admin-create.ts"),
      "--email",
      ADMIN.email,
      "--phone",
      ADMIN.phone,
      "--name",
      ADMIN.name,
      "--password",
      ADMIN.password,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, encoding: "utf8", timeout: 120_000 },
  );
  if (created.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`admin:create failed (${created.status}):\n${created.stdout}\n${created.stderr}`);
  }
  const app = await startAppProcess({ DATA_DIR: dataDir, SAMPLE_PAPERS: "1" });
  return {
    ...app,
    dataDir,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A real two-page PDF of about `megabytes` MB: the bulk is an embedded file of incompressible bytes, so the
 * upload takes long enough on a throttled connection for the progress bar to show values on the way.
 */
export async function bigPdf(label: string, seed: number, megabytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++)
    doc.addPage([300, 400]).drawText(`${label} page ${i}`, { x: 20, y: 350, size: 12, font });
  await doc.attach(noise(seed, Math.round(megabytes * 1024 * 1024)), "scan.bin", {
    mimeType: "application/octet-stream",
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
