/** The machine the benchmark runs on, as the report describes it. */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./processes.ts";

export interface Machine {
  cores: number;
  model: string;
  memory: string;
  kernel: string;
  node: string;
  autocannon: string;
}

export function machine(): Machine {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const meminfo = readFileSync("/proc/meminfo", "utf8");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0);
  const autocannon = JSON.parse(readFileSync(path.join(ROOT, "node_modules/autocannon/package.json"), "utf8")) as {
    version: string;
  };
  return {
    cores: os.availableParallelism(),
    model,
    memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`,
    kernel: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    autocannon: autocannon.version,
  };
}
