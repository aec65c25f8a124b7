/**
 * npm run admin:create -- --email <email> --phone <phone> [--name <name>] [--password <password>]
 * npm run admin:create -- --email <email> --demote
 *
 * Gives an account the admin flag (the console at /admin), creating the account when none has that
 * email or phone. Uses the same DATA_DIR / DATABASE_URL as the server; with the embedded database, stop
 * the server first (PGlite allows one process). Without --password a new account's password is asked
 * for: hidden on a terminal, the first line of standard input otherwise.
 * Exit codes: 0 done, 1 refused (nothing changed), 2 usage or database error.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { setUpAdmin } from "../server/admin/admins.server.ts";
import { loadConfig } from "../server/config.server.ts";
import { openDatabase } from "../server/db/client.server.ts";

const USAGE = `Usage: npm run admin:create -- --email <email> --phone <phone> [--name <name>] [--password <password>]
       npm run admin:create -- --email <email> | --phone <phone> [--demote]

Promotes the account with that email or phone to admin, or creates an admin account (both --email and
--phone needed then; the password is asked for when --password is not given). --demote takes the admin
flag away. Uses DATA_DIR / DATABASE_URL like the server.
`;

class UsageError extends Error {}

/** A password typed on a terminal, not echoed. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          finish();
          return resolve(value);
        }
        if (char === "\u0003") {
          finish();
          return reject(new UsageError("Cancelled."));
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

/** The first line of standard input (a pipe in scripts and tests). */
async function readLine(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
  }
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readLine();
  const first = await readHidden("Password for the new admin account (8 characters or more): ");
  const again = await readHidden("The same password again: ");
  if (first !== again) throw new UsageError("The two passwords differ. Nothing was changed.");
  return first;
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length > 0 || (!values.email && !values.phone)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const outcome = await setUpAdmin(
      { database },
      {
        email: values.email,
        phone: values.phone,
        name: values.name,
        password: values.password,
        demote: values.demote === true,
      },
      askPassword,
    );
    if (!outcome.ok) {
      process.stderr.write(`${outcome.message}\n`);
      return 1;
    }
    process.stdout.write(`${outcome.message}\n`);
    if (outcome.change === "created" || outcome.change === "promoted") {
      process.stdout.write("Sign in on the site with this account, then open /admin.\n");
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      phone: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      demote: { type: "boolean" },
      help: { type: "boolean" },
    },
    allowPositionals: true,
  });
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`admin:create failed, nothing was changed: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
