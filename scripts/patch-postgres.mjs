/**
 * postinstall: mends a crash in postgres (postgres.js) 3.4.9, the PostgreSQL driver, until upstream
 * releases the fix (porsager/postgres#1154, #1208; pull requests #1168, #1209). See decision 007.
 *
 * Small writes are flushed by a setImmediate. When the socket closes first (a database restart or
 * outage), that callback calls `null.write` and throws outside any promise: an uncaught exception
 * that ends the whole server. The teardown paths also cancel the flush without forgetting it, so a
 * connection can stop flushing for good. The outage test hit this in about one run in six.
 *
 * A second defect hangs requests: when the socket fails with an error (ECONNRESET: the server was
 * killed or the network dropped), queries sent between the error and the close are never failed, so
 * they wait forever. tests/integration/postgres-driver.test.ts reproduces it on every run.
 *
 * The patch, in every build of the driver (ESM, CommonJS, Cloudflare): a flush without a socket
 * drops the stale bytes and fails the waiting queries with CONNECTION_CLOSED (our 503 path),
 * teardown resets the flush state, and a close fails every query still pending. It refuses to touch any other version, so an upgrade is checked
 * against upstream instead of silently patched. Plain JavaScript: npm runs this with the system Node.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkgDir = path.join(root, "node_modules", "postgres");
const MARK = "/* paperstation: nextWrite guard */";
const VERSION = "3.4.9";

const edits = [
  {
    from: "  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)",
    to:
      `  function nextWrite(fn) {\n    ${MARK}\n` +
      "    if (socket === null) {\n" +
      "      chunk = nextWriteTimer = null\n" +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      "      return false\n" +
      "    }\n" +
      "    const x = socket.write(chunk, fn)",
  },
  {
    // terminate()
    from: "    clearImmediate(nextWriteTimer)\n    if (socket) {",
    to: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {",
  },
  {
    // closed()
    from: "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    to: "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  },
  {
    // closed(): after a socket error (ECONNRESET), queries sent between the error and the close were
    // never failed, so they waited forever. Fail whatever is still pending, error or not. (An `if`,
    // not `&&`: a line starting with `(` would continue the `return reconnect()` above it.)
    from: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))",
    to: "    if (query || sent.length) error(Errors.connection('CONNECTION_CLOSED', options, socket))",
  },
];

/** Returns "patched", "already" or throws with a readable reason. */
export function patchSource(source) {
  if (source.includes(MARK)) return { status: "already", source };
  let out = source;
  for (const edit of edits) {
    const at = out.indexOf(edit.from);
    if (at === -1 || out.indexOf(edit.from, at + 1) !== -1) {
      throw new Error(`expected exactly one occurrence of:\n${edit.from}`);
    }
    out = out.replace(edit.from, edit.to);
  }
  return { status: "patched", source: out };
}

function main() {
  const pkgFile = path.join(pkgDir, "package.json");
  if (!existsSync(pkgFile)) return; // not installed (e.g. a production install without it)
  const { version } = JSON.parse(readFileSync(pkgFile, "utf8"));
  if (version !== VERSION) {
    console.error(
      `scripts/patch-postgres.mjs: postgres is ${version}, the patch is for ${VERSION}. ` +
        "Check whether upstream fixed nextWrite on a closed socket, then update or remove this patch.",
    );
    process.exit(1);
  }
  for (const build of ["src", "cjs/src", "cf/src"]) {
    const file = path.join(pkgDir, build, "connection.js");
    if (!existsSync(file)) continue;
    try {
      const { status, source } = patchSource(readFileSync(file, "utf8"));
      if (status === "patched") writeFileSync(file, source);
    } catch (error) {
      console.error(`scripts/patch-postgres.mjs: cannot patch ${path.relative(root, file)}: ${error.message}`);
      process.exit(1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
