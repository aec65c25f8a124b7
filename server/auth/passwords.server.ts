import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's minimum (m=19 MiB, t=2, p=1). `Algorithm` is a const enum the type
 * stripper cannot inline, so its value (Argon2id = 2) is written out.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
