/**
 * One worker thread and a bounded queue in front of it (decision 033): work that would hold the main thread (a
 * page drawn by pdf.js) runs there, one job at a time, while the main thread goes on answering requests.
 *
 * - The worker is started on the first job, kept while there is work and ended after `idleMs` without any. It is
 *   unref'd while idle, so it never keeps the process alive, and ref'd while a job is under way, so that a script
 *   awaiting a job (papers:import) is not left with an unsettled promise at exit.
 * - A job that throws in the worker rejects with its error; a worker that crashes, runs out of memory or takes
 *   longer than `timeoutMs` over a job is ended, that job alone rejects, and a new worker takes the next.
 * - At most `maxWaiting` jobs wait behind the one under way: beyond that, and at close, a job is refused
 *   (RenderRefused), which says nothing about the job itself: it may be tried again later.
 *
 * The worker's side of the protocol is `answerJobs`: a message is a job's input, the answer is `{ ok, value }` or
 * `{ ok: false, name, message }`.
 */
import { parentPort, type ResourceLimits, Worker } from "node:worker_threads";

/** A job not run: too many waiting, or the thread was closed. Nothing is known against the job's input. */
export class RenderRefused extends Error {
  override name = "RenderRefused";
}

export type Answer<Out> = { ok: true; value: Out } | { ok: false; name: string; message: string };

export interface RenderThreadOptions {
  /** The worker's module: a file: URL (TypeScript runs as is on Node 24) or a data: URL. */
  script: URL;
  /** Thread name, in errors and the inspector. */
  name: string;
  /** Milliseconds without a job before the worker is ended; the next job starts a new one. */
  idleMs?: number;
  /** Jobs that may wait behind the one under way; more are refused. */
  maxWaiting?: number;
  /** A job that takes longer ends its worker and rejects. */
  timeoutMs?: number;
  resourceLimits?: ResourceLimits;
}

export interface RenderThread<In, Out> {
  /** Runs `input` in the worker. `transfer`: buffers handed over rather than copied (unusable here afterwards). */
  run(input: In, transfer?: ArrayBuffer[]): Promise<Out>;
  /** Whether a job given now would be refused. */
  full(): boolean;
  /** Jobs waiting or under way. */
  readonly pending: number;
  /** Workers started so far (a crashed or idle one is replaced by a new one). */
  readonly started: number;
  /** Whether a worker is running now. */
  readonly running: boolean;
  /** Refuses the waiting jobs and the one under way, and ends the worker. A later job starts a new one. */
  close(): Promise<void>;
}

interface Job<In, Out> {
  input: In;
  transfer: ArrayBuffer[];
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export function createRenderThread<In, Out>(options: RenderThreadOptions): RenderThread<In, Out> {
  const idleMs = options.idleMs ?? 30_000;
  const maxWaiting = options.maxWaiting ?? 50;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const waiting: Job<In, Out>[] = [];
  let worker: Worker | null = null;
  let current: Job<In, Out> | null = null;
  let started = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let jobTimer: NodeJS.Timeout | undefined;

  function start(): Worker {
    const thread = new Worker(options.script, { name: options.name, resourceLimits: options.resourceLimits });
    started++;
    thread.on("message", (answer: Answer<Out>) => {
      if (thread !== worker || !current) return;
      const job = current;
      finish();
      if (answer.ok) job.resolve(answer.value);
      else job.reject(Object.assign(new Error(answer.message), { name: answer.name }));
      next();
    });
    // An uncaught exception or running out of memory in the worker: it is ending, and takes the job with it.
    thread.on("error", (error) => retire(thread, error));
    thread.on("messageerror", (error) => retire(thread, error));
    thread.on("exit", (code) => retire(thread, new Error(`${options.name}: the worker stopped (exit code ${code})`)));
    return thread;
  }

  function finish() {
    current = null;
    clearTimeout(jobTimer);
  }

  /** The worker is gone or going: its job (if any) rejects, and the next job gets a new worker. */
  function retire(thread: Worker, error: unknown) {
    if (thread !== worker) return;
    worker = null;
    void thread.terminate();
    const job = current;
    finish();
    job?.reject(error);
    next();
  }

  function next() {
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      idle();
      return;
    }
    clearTimeout(idleTimer);
    worker ??= start();
    worker.ref();
    current = job;
    const thread = worker;
    jobTimer = setTimeout(
      () => retire(thread, new Error(`${options.name}: a job took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
    try {
      thread.postMessage(job.input, job.transfer);
    } catch (error) {
      // Input that cannot be sent (a detached buffer): that job only.
      finish();
      job.reject(error);
      next();
    }
  }

  function idle() {
    clearTimeout(idleTimer);
    const thread = worker;
    if (!thread) return;
    thread.unref();
    idleTimer = setTimeout(() => {
      if (worker !== thread || current) return;
      worker = null;
      void thread.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  return {
    run(input, transfer = []) {
      if (waiting.length >= maxWaiting) {
        return Promise.reject(new RenderRefused(`${options.name}: ${maxWaiting} jobs are waiting already`));
      }
      return new Promise<Out>((resolve, reject) => {
        waiting.push({ input, transfer, resolve, reject });
        next();
      });
    },
    full: () => waiting.length >= maxWaiting,
    get pending() {
      return waiting.length + (current ? 1 : 0);
    },
    get started() {
      return started;
    },
    get running() {
      return worker !== null;
    },
    async close() {
      clearTimeout(idleTimer);
      const refused = new RenderRefused(`${options.name}: closed`);
      for (const job of waiting.splice(0)) job.reject(refused);
      const thread = worker;
      worker = null;
      const job = current;
      finish();
      job?.reject(refused);
      if (thread) await thread.terminate();
    },
  };
}

/**
 * The worker's side: each message is a job's input, answered with `work`'s value (and the buffers it hands over)
 * or its error. Jobs come one at a time (the main thread sends the next once this one is answered).
 */
export function answerJobs<In, Out>(work: (input: In) => Promise<{ value: Out; transfer?: ArrayBuffer[] }>): void {
  const port = parentPort;
  if (!port) throw new Error("answerJobs runs in a worker thread only");
  port.on("message", async (input: In) => {
    let answer: Answer<Out>;
    let transfer: ArrayBuffer[] = [];
    try {
      const done = await work(input);
      answer = { ok: true, value: done.value };
      transfer = done.transfer ?? [];
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      answer = { ok: false, name, message };
    }
    port.postMessage(answer, transfer);
  });
}
