/** PDFs for the papers tests: valid ones from pdf-lib, broken ones by hand. Not used at run time. */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { SESSION_COOKIE } from "../../domain/cookies.ts";
import { createSession } from "../../server/auth/session.server.ts";
import { users } from "../../server/db/schema.ts";
import type { Services } from "../../server/services.server.ts";

export async function makePdf(pages = 2, label = "test"): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc.addPage([300, 400]).drawText(`${label} page ${i}`, { x: 20, y: 350, size: 12, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** Bytes from a fixed seed (xorshift32): the same every run, no two stretches alike, and incompressible. */
export function noise(seed: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 255;
  }
  return bytes;
}

/** A whole-file PDF cut in half, as an interrupted upload leaves it. */
export function truncated(bytes: Uint8Array): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length / 2));
}

/**
 * A minimal one-page PDF whose trailer names an /Encrypt dictionary (RC4, revision 2), written by
 * hand with a correct xref table because pdf-lib cannot encrypt.
 */
export function encryptedPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R >>",
    "<< /Length 0 >>\nstream\n\nendstream",
    `<< /Filter /Standard /V 1 /R 2 /O <${"28bf4e5e4e758a41".repeat(4)}> /U <${"64003a8f0c4aa1d4".repeat(4)}> /P -44 >>`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

/** A folder laid out for the import CLI: `{ "marathi/math_1/2023-march-question.pdf": bytes }`. */
export async function writeFolder(files: Record<string, Uint8Array | string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "ps-import-"));
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(root, name);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
  return root;
}

/** Every file in a paper store folder, relative and sorted. */
export async function storedFiles(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(".pdf")).sort();
}

/** A signed-in visitor's Cookie header: a users row plus a real session. */
export async function signedInCookie(services: Pick<Services, "database" | "config">): Promise<string> {
  const id = randomUUID();
  const digits = String(Math.floor(Math.random() * 1e10)).padStart(10, "0");
  await services.database.db.insert(users).values({
    id,
    name: "Test Student",
    email: `${id}@example.test`,
    phone: `91${digits}`,
    passwordHash: "x",
    ageGroup: "adult",
  });
  const { token } = await createSession(services, id);
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A valid PDF of roughly `kilobytes` KB whatever the compression: each page is covered in text from a
 * seeded generator (the same bytes on every run), so that its content streams do not shrink. For uploads
 * that must cross storage chunks or show progress.
 */
export async function makeBulkyPdf(kilobytes: number, seed = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Courier);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: cheap and fixed, not for anything but filler text.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % alphabet.length;
  };
  const linesPerPage = 60;
  const lineLength = 100;
  // pdf-lib writes the text uncompressed, as hex strings: two bytes per character.
  const pages = Math.max(1, Math.ceil((kilobytes * 1024) / (linesPerPage * lineLength * 2)));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([600, 800]);
    for (let line = 0; line < linesPerPage; line++) {
      let text = "";
      for (let i = 0; i < lineLength; i++) text += alphabet[next()];
      page.drawText(text, { x: 10, y: 780 - line * 12, size: 6, font });
    }
  }
  return doc.save({ useObjectStreams: false });
}
