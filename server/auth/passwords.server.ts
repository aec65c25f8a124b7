import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

/**
 * argon2id at OWASP's minimum (m=19 MiB, t=2, p=1). `Algorithm` is a const enum the type
 * stripper cannot inline, so its value (Argon2id = 2) is written out.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one argon2 run per CPU at a time; the rest wait here, in order. argon2 runs on libuv's thread pool
 * (4 threads), which also reads every file the server sends: unlimited, a burst of sign-ins filled all four
 * threads on a 2-CPU machine, and paper reads queued behind them (the soak's 8 KB PDF range reads took a
 * median 579 ms while sign-ins ran). `argon2Queue` says how many wait (issue 28's metrics).
 */
const argon2 = pLimit(Math.max(1, Math.min(availableParallelism(), 3)));

/** Sign-ins and sign-ups waiting for an argon2 thread. */
export function argon2Queue(): number {
  return argon2.pendingCount;
}

export function hashPassword(password: string): Promise<string> {
  return argon2(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so response time does not reveal unknown accounts. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-0000");
  await verifyPassword(await dummyHash, password);
}
