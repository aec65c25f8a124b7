/** The machine the benchmark runs on, as the report describes it. */
import { readFileSync } from "node:fs";
import os from "node:os";
import { wrkVersion } from "./wrk.ts";

export interface Machine {
  cores: number;
  model: string;
  memory: string;
  kernel: string;
  node: string;
  /** wrk's version line. */
  wrk: string;
}

export function machine(): Machine {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const meminfo = readFileSync("/proc/meminfo", "utf8");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0);
  return {
    cores: os.availableParallelism(),
    model,
    memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`,
    kernel: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    wrk: wrkVersion() ?? "wrk not installed",
  };
}
