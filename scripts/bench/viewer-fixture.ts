/**
 * The viewer benchmark's paper: an official paper as operators import them, i.e. a scan. Each A4 page
 * is drawn on a canvas in the benchmark's own Chromium (off-white paper, uneven light, grain, a slight
 * tilt, lines of dark text), encoded there as a JPEG of about PAGE_BYTES, and the pages are put one
 * image a page into a PDF with pdf-lib. The noise comes from a seeded PRNG, so every run draws the
 * same pages.
 */
import type { Browser } from "@playwright/test";
import { PDFDocument } from "pdf-lib";

const FIXTURE_PAGES = 9;
/** Bytes a page's JPEG aims at; the encoder's quality is searched until it is within PAGE_TOLERANCE. */
const PAGE_BYTES = 115_000;
const PAGE_TOLERANCE = 8_000;
/** What the whole file must come to, or the fixture is not the "1 MB paper" the targets are about. */
const FIXTURE_MIN_BYTES = 950_000;
const FIXTURE_MAX_BYTES = 1_100_000;

/** A4 at 150 dpi, as a school office scanner saves it. */
const WIDTH_PX = 1240;
const HEIGHT_PX = 1754;
const A4_PT: [number, number] = [595.28, 841.89];

export interface Fixture {
  pdf: Uint8Array;
  pages: number;
  /** Each page's JPEG size in bytes and the quality that gave it. */
  jpegs: { bytes: number; quality: number }[];
}

export async function makeScannedPaper(browser: Browser): Promise<Fixture> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const jpegs: { bytes: number; quality: number; base64: string }[] = [];
    for (let n = 1; n <= FIXTURE_PAGES; n++) {
      jpegs.push(
        await page.evaluate(drawScannedPage, {
          pageNumber: n,
          pageCount: FIXTURE_PAGES,
          width: WIDTH_PX,
          height: HEIGHT_PX,
          targetBytes: PAGE_BYTES,
          toleranceBytes: PAGE_TOLERANCE,
        }),
      );
    }
    const doc = await PDFDocument.create();
    doc.setTitle("SSC Examination March 2024, Mathematics Part I (scanned)");
    // Fixed dates: the same pages give the same bytes on every run.
    doc.setCreationDate(new Date("2024-03-20T10:00:00Z"));
    doc.setModificationDate(new Date("2024-03-20T10:00:00Z"));
    doc.setProducer("PaperStation bench (scan fixture)");
    for (const jpeg of jpegs) {
      const image = await doc.embedJpg(Buffer.from(jpeg.base64, "base64"));
      const pdfPage = doc.addPage(A4_PT);
      pdfPage.drawImage(image, { x: 0, y: 0, width: A4_PT[0], height: A4_PT[1] });
    }
    const pdf = await doc.save({ useObjectStreams: false });
    if (pdf.length < FIXTURE_MIN_BYTES || pdf.length > FIXTURE_MAX_BYTES) {
      throw new Error(
        `the scanned fixture is ${pdf.length} bytes, outside ${FIXTURE_MIN_BYTES}–${FIXTURE_MAX_BYTES}: adjust PAGE_BYTES`,
      );
    }
    return { pdf, pages: jpegs.length, jpegs: jpegs.map(({ bytes, quality }) => ({ bytes, quality })) };
  } finally {
    await context.close();
  }
}

interface DrawArgs {
  pageNumber: number;
  pageCount: number;
  width: number;
  height: number;
  targetBytes: number;
  toleranceBytes: number;
}

/**
 * Runs in the browser (serialised by page.evaluate): everything it needs is inside it. Returns the
 * page's JPEG as base64, with the quality whose size came closest to `targetBytes`.
 */
function drawScannedPage(args: DrawArgs): { base64: string; bytes: number; quality: number } {
  const { pageNumber, pageCount, width, height } = args;
  // mulberry32, seeded by the page number.
  let state = (0x9e3779b9 ^ (pageNumber * 0x85ebca6b)) >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");

  // Off-white paper, a little darker towards one edge (the scanner lid).
  const paper = ctx.createLinearGradient(0, 0, width, height * 0.3);
  paper.addColorStop(0, "rgb(236, 234, 226)");
  paper.addColorStop(0.15, "rgb(247, 246, 240)");
  paper.addColorStop(1, "rgb(242, 240, 233)");
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);

  // The text, tilted a fraction of a degree as a hand-fed page is.
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((random() - 0.5) * 0.012);
  ctx.translate(-width / 2, -height / 2);
  const left = 110;
  const right = width - 110;
  let y = 120;
  const ink = () => `rgb(${int(28, 44)}, ${int(28, 42)}, ${int(34, 48)})`;
  /** Writes `text` from the left margin (or centred), wrapping at the right margin. */
  const line = (text: string, options: { size?: number; bold?: boolean; indent?: number; center?: boolean } = {}) => {
    const size = options.size ?? 25;
    ctx.font = `${options.bold ? "bold " : ""}${size}px "DejaVu Serif", "Liberation Serif", serif`;
    ctx.fillStyle = ink();
    const indent = options.indent ?? 0;
    const words = text.split(" ");
    let rest = "";
    while (words.length) {
      let current = words.shift() as string;
      while (words.length && ctx.measureText(`${current} ${words[0]}`).width <= right - left - indent) {
        current += ` ${words.shift()}`;
      }
      const x = options.center ? (width - ctx.measureText(current).width) / 2 : left + indent + (rest ? 40 : 0);
      ctx.fillText(current, x, y);
      rest = current;
      y += Math.round(size * 1.55);
    }
  };
  const gap = (px: number) => {
    y += px;
  };

  if (pageNumber === 1) {
    line("MAHARASHTRA STATE BOARD OF SECONDARY AND HIGHER SECONDARY EDUCATION, PUNE", {
      size: 24,
      bold: true,
      center: true,
    });
    line("S.S.C. EXAMINATION — MARCH 2024", { size: 26, bold: true, center: true });
    gap(10);
    line("MATHEMATICS PART I — Time: 2 Hours — Total Marks: 40", { size: 30, bold: true, center: true });
    line("(ALGEBRA)", { size: 26, center: true });
    ctx.fillRect(left, y - 10, right - left, 3);
    gap(24);
    line("Note: (i) All questions are compulsory.", { bold: true });
    line("(ii) Use of calculator is not allowed.", { indent: 70 });
    line("(iii) The numbers to the right of the questions indicate full marks.", { indent: 70 });
    line("(iv) In case of MCQs (Q. No. 1(A)) only the first attempt will be evaluated and will be given credit.", {
      indent: 70,
    });
    line("(v) For every MCQ, the correct alternative (A), (B), (C) or (D) with sub-question number is to be written.", {
      indent: 70,
    });
    gap(24);
  }

  const headings = [
    "Q.1 (A) Choose the correct alternative and write its alphabet:",
    "Q.1 (B) Solve the following questions:",
    "Q.2 (A) Complete the following activities and rewrite them (any two):",
    "Q.2 (B) Solve the following questions (any four):",
    "Q.3 (A) Complete the following activity and rewrite it:",
    "Q.3 (B) Solve the following questions (any two):",
    "Q.4 Solve the following questions (any two):",
    "Q.5 Solve the following questions (any one):",
  ];
  const stems = [
    () =>
      `If the sum of the roots of a quadratic equation is ${int(3, 12)} and their product is ${int(2, 30)}, then the equation is:`,
    () =>
      `For the simultaneous equations in x and y, if Dx = ${int(10, 60)}, Dy = −${int(5, 40)} and D = ${int(2, 9)}, then x = ?`,
    () => `In an arithmetic progression, if a = ${int(2, 9)} and d = ${int(2, 7)}, find t${int(10, 30)}.`,
    () => `Find the value of the determinant | ${int(2, 9)}  ${int(1, 8)} ; ${int(1, 9)}  ${int(2, 9)} |.`,
    () => `The share of ₹ ${int(2, 9)}00 is bought at a premium of ₹ ${int(10, 90)}. Find its market value.`,
    () => `A die is rolled. Find the probability that the number on the upper face is greater than ${int(2, 4)}.`,
    () => `Solve the quadratic equation x² − ${int(5, 13)}x + ${int(6, 40)} = 0 by factorisation.`,
    () => `Find the sum of the first ${int(15, 40)} terms of the A.P. ${int(1, 6)}, ${int(7, 12)}, ${int(13, 18)}, …`,
    () =>
      `The GST on a bill of ₹ ${int(1000, 9000)} at the rate of ${pick([5, 12, 18, 28])}% is ₹ ____ . Complete the activity.`,
    () => `Find the mean of the following data by the assumed mean method. Class: 0–10, 10–20, 20–30, 30–40.`,
  ];
  const options = () => `(A) ${int(1, 40)}    (B) ${int(1, 40)}    (C) −${int(1, 20)}    (D) ${int(1, 9)}/${int(2, 9)}`;
  const working = [
    () => `∴ x² − ${int(2, 9)}x − ${int(2, 30)} = 0 … (given)`,
    () => `Here a = ${int(1, 9)}, b = −${int(1, 9)}, c = ${int(1, 9)}`,
    () => `∴ b² − 4ac = ( ____ )² − 4 × ( ____ ) × ( ____ )`,
    () => `Sₙ = n/2 [2a + (n − 1)d]`,
    () => `∴ Total probability P(A) = n(A) / n(S) = ____ / ____`,
    () => `Market value = face value + premium = ____ + ____ = ₹ ____`,
  ];

  // A question block is at most about ten lines; the footer sits at a fixed place below them.
  const lastQuestionLine = height - 480;
  let question = Math.floor(((pageNumber - 1) * headings.length) / pageCount);
  let sub = 1;
  const roman = ["i", "ii", "iii", "iv", "v", "vi"];
  while (y < lastQuestionLine) {
    if (sub === 1) {
      gap(14);
      line(headings[question] as string, { bold: true, size: 26 });
    }
    line(`(${roman[sub - 1]}) ${pick(stems)()}`, { indent: 30 });
    if (question === 0) line(options(), { indent: 80 });
    else for (let i = int(1, 3); i > 0; i--) line(pick(working)(), { indent: 80 });
    sub += 1;
    if (sub > int(3, 5)) {
      sub = 1;
      question = (question + 1) % headings.length;
    }
  }
  y = height - 120;
  line(`${pageNumber}`, { center: true, size: 24 });
  if (pageNumber < pageCount) line("P.T.O.", { size: 22, indent: right - left - 90 });
  else line("— ✱ ✱ ✱ —", { size: 22, center: true });
  ctx.restore();

  // Dust and toner specks, and the faint streak a scanner's glass leaves.
  for (let i = int(30, 60); i > 0; i--) {
    ctx.fillStyle = `rgba(40, 40, 40, ${0.2 + random() * 0.5})`;
    ctx.beginPath();
    ctx.arc(random() * width, random() * height, 0.6 + random() * 1.6, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.fillStyle = "rgba(120, 120, 110, 0.06)";
  ctx.fillRect(Math.floor(width * (0.2 + random() * 0.6)), 0, int(2, 5), height);

  // Grain: every pixel a little lighter or darker; ink edges a little softer than print.
  const image = ctx.getImageData(0, 0, width, height);
  const px = image.data;
  for (let i = 0; i < px.length; i += 4) {
    const grain = (random() + random() + random() - 1.5) * 4;
    px[i] = (px[i] as number) + grain;
    px[i + 1] = (px[i + 1] as number) + grain;
    px[i + 2] = (px[i + 2] as number) + grain * 0.9;
  }
  ctx.putImageData(image, 0, 0);

  // The quality whose JPEG is closest to the target, by bisection (the size grows with the quality).
  const encode = (quality: number) => {
    const url = canvas.toDataURL("image/jpeg", quality);
    const base64 = url.slice(url.indexOf(",") + 1);
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    return { base64, bytes: (base64.length * 3) / 4 - padding, quality };
  };
  let low = 0.05;
  let high = 0.95;
  let best = encode((low + high) / 2);
  for (let step = 0; step < 12 && Math.abs(best.bytes - args.targetBytes) > args.toleranceBytes; step++) {
    if (best.bytes > args.targetBytes) high = best.quality;
    else low = best.quality;
    best = encode(Math.round(((low + high) / 2) * 1000) / 1000);
  }
  return best;
}
