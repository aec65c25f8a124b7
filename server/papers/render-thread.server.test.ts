import { afterEach, describe, expect, it } from "vitest";
import { createRenderThread, RenderRefused, type RenderThread } from "./render-thread.server.ts";

/**
 * A worker speaking answerJobs' protocol, inline (a data: URL imports nothing relative): "echo:x" answers "x",
 * "throw" throws, "crash" ends the process's thread, "hang" never answers, "wait:n" answers after n ms.
 */
const SCRIPT = new URL(
  `data:text/javascript,${encodeURIComponent(`
import { parentPort } from "node:worker_threads";
parentPort.on("message", async (job) => {
  if (job === "crash") process.exit(3);
  if (job === "hang") return;
  if (job === "throw") return parentPort.postMessage({ ok: false, name: "TypeError", message: "no such page" });
  if (job.startsWith("wait:")) await new Promise((resolve) => setTimeout(resolve, Number(job.slice(5))));
  parentPort.postMessage({ ok: true, value: job.startsWith("echo:") ? job.slice(5) : job });
});
`)}`,
);

let thread: RenderThread<string, string> | undefined;
afterEach(() => thread?.close());

function open(options: { idleMs?: number; maxWaiting?: number; timeoutMs?: number } = {}) {
  thread = createRenderThread<string, string>({ script: SCRIPT, name: "test thread", ...options });
  return thread;
}

describe("render thread", () => {
  it("runs jobs in order in one worker, started on the first job", async () => {
    const worker = open();
    expect(worker.running).toBe(false);
    expect(await Promise.all(["echo:a", "wait:20", "echo:b"].map((job) => worker.run(job)))).toEqual([
      "a",
      "wait:20",
      "b",
    ]);
    expect(worker.started).toBe(1);
    expect(worker.running).toBe(true);
  });

  it("rejects a job that throws, and goes on with the same worker", async () => {
    const worker = open();
    const [thrown, after] = await Promise.allSettled([worker.run("throw"), worker.run("echo:after")]);
    expect(thrown).toMatchObject({ status: "rejected", reason: { name: "TypeError", message: "no such page" } });
    expect(after).toEqual({ status: "fulfilled", value: "after" });
    expect(worker.started).toBe(1);
  });

  it("rejects only the job whose worker crashed, and starts a new worker for the next", async () => {
    const worker = open();
    const [crashed, after] = await Promise.allSettled([worker.run("crash"), worker.run("echo:after")]);
    expect(crashed).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/exit code 3/) } });
    expect((crashed as PromiseRejectedResult).reason).not.toBeInstanceOf(RenderRefused);
    expect(after).toEqual({ status: "fulfilled", value: "after" });
    expect(worker.started).toBe(2);
  });

  it("ends a worker whose job takes too long, rejecting that job alone", async () => {
    const worker = open({ timeoutMs: 200 });
    const [hung, after] = await Promise.allSettled([worker.run("hang"), worker.run("echo:after")]);
    expect(hung).toMatchObject({
      status: "rejected",
      reason: { message: expect.stringMatching(/longer than 200 ms/) },
    });
    expect(after).toEqual({ status: "fulfilled", value: "after" });
    expect(worker.started).toBe(2);
  });

  it("refuses jobs beyond those allowed to wait, and runs the others", async () => {
    const worker = open({ maxWaiting: 2 });
    // One under way, two waiting: the fourth is refused at once.
    const jobs = ["wait:50", "echo:1", "echo:2", "echo:3"].map((job) => worker.run(job));
    expect(worker.full()).toBe(true);
    expect(worker.pending).toBe(3);
    const settled = await Promise.allSettled(jobs);
    expect(settled.slice(0, 3).map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(RenderRefused);
    expect(worker.full()).toBe(false);
    expect(worker.pending).toBe(0);
  });

  it("ends an idle worker, and starts one again for the next job", async () => {
    const worker = open({ idleMs: 50 });
    expect(await worker.run("echo:1")).toBe("1");
    await expect.poll(() => worker.running).toBe(false);
    expect(await worker.run("echo:2")).toBe("2");
    expect(worker.started).toBe(2);
  });

  it("refuses what waits and what runs at close, and may be used again", async () => {
    const worker = open();
    const jobs = Promise.allSettled([worker.run("hang"), worker.run("echo:never")]);
    await worker.close();
    for (const settled of await jobs) {
      expect((settled as PromiseRejectedResult).reason).toBeInstanceOf(RenderRefused);
    }
    expect(worker.running).toBe(false);
    expect(await worker.run("echo:again")).toBe("again");
  });
});
