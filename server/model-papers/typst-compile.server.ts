/**
 * Compiles a Typst source to PDF with `@myriaddreamin/typst-ts-node-compiler`, given the papers' fonts: Noto Sans and
 * Noto Sans Devanagari from the npm packages, and Typst's embedded New Computer Modern Math. The compiler also sees
 * the machine's fonts (the binding has no switch to turn them off), which is why every text of a paper's source
 * names its fonts with `fallback: false` (typst-paper.server.ts). One compiler for the process, on a virtual
 * workspace: a source is compiled from memory, and only the font files are read from disk.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
}

/** Compiles a Typst source to PDF with the papers' fonts. */
export function compileTypst(source: string, what = "document"): RenderedPdf {
  const compiler = getCompiler();
  // A named (virtual) main file rather than `mainFileContent`: Typst then gives each message its line.
  compiler.addSource(MAIN_FILE, source);
  const result = compiler.compile({ mainFilePath: MAIN_FILE });
  try {
    const document = result.result;
    const diagnostics = result.takeDiagnostics();
    if (!document || result.hasError()) {
      const messages = diagnostics ? compiler.fetchDiagnostics(diagnostics) : [];
      throw new Error(`Typst could not typeset ${what}: ${describeDiagnostics(messages, source)}`);
    }
    // A font that did not load would silently change the output: that warning is an error here.
    const warnings = result.takeWarnings();
    const fontWarnings = (warnings ? compiler.fetchDiagnostics(warnings) : []).filter((w: { message?: string }) =>
      /unknown font family/.test(w.message ?? ""),
    );
    if (fontWarnings.length > 0) {
      throw new Error(`Typst could not typeset ${what}: ${describeDiagnostics(fontWarnings, source)}`);
    }
    const bytes = compiler.pdf(document);
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), pages: document.numOfPages };
  } finally {
    // Typst memoizes across compilations; drop what the last few renders did not reuse so memory stays flat.
    compiler.evictCache(10);
  }
}

/** Typst's messages, each with the source line it points at (1-based, and its text). */
function describeDiagnostics(messages: unknown[], source: string): string {
  const lines = source.split("\n");
  return messages
    .slice(0, 5)
    .map((m) => {
      const d = m as { message?: string; range?: { start?: { line?: number } } | null };
      const line = d.range?.start?.line;
      const at = line !== undefined ? ` at line ${line + 1}: ${(lines[line] ?? "").slice(0, 200)}` : "";
      return `${d.message ?? JSON.stringify(m)}${at}`;
    })
    .join("; ");
}

/** The compiler's workspace and main file: virtual, nothing is read from disk. */
const WORKSPACE = "/paperstation-typst";
const MAIN_FILE = `${WORKSPACE}/main.typ`;

let compiler: NodeCompiler | undefined;

function getCompiler(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: fontFiles() }] });
  return compiler;
}

/** The TTF files of the two Noto families (the packages' WOFF2 files do not load in Typst). */
function fontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const sans = path.dirname(require.resolve("@expo-google-fonts/noto-sans/package.json"));
  const deva = path.dirname(require.resolve("@expo-google-fonts/noto-sans-devanagari/package.json"));
  return [
    path.join(sans, "400Regular", "NotoSans_400Regular.ttf"),
    path.join(sans, "400Regular_Italic", "NotoSans_400Regular_Italic.ttf"),
    path.join(sans, "700Bold", "NotoSans_700Bold.ttf"),
    path.join(sans, "700Bold_Italic", "NotoSans_700Bold_Italic.ttf"),
    path.join(deva, "400Regular", "NotoSansDevanagari_400Regular.ttf"),
    path.join(deva, "700Bold", "NotoSansDevanagari_700Bold.ttf"),
  ];
}
