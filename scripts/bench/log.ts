/** Progress on stdout, one line at a time. */
export function log(message: string): void {
  process.stdout.write(`${message}\n`);
}
