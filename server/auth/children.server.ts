/**
 * A linked parent's view of their children (decision 028). Apart from consent.server.ts because it reads the
 * practice records, whose module loads the model papers: sign-in and the admin CLI, which need consent, do not.
 */
import { getProgress } from "../practice/attempts.server.ts";
import type { Services } from "../services.server.ts";
import { linkedChildren } from "./consent.server.ts";

/**
 * What a linked parent sees of each child (decision 028): the progress summary the student's own /progress
 * shows, by subject: papers practised, best and latest scores, and the chapters to work on.
 */
export async function childrenProgress(services: Services, parentId: string) {
  const children = await linkedChildren(services, parentId);
  return Promise.all(
    children.map(async (child) => ({
      user_id: child.id,
      name: child.name,
      consent_given_at: child.givenAt?.toISOString() ?? null,
      subjects: await getProgress(services, child.id),
    })),
  );
}
