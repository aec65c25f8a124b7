/**
 * Where a student's review answers wait on the phone (./review-outbox.ts). Read alone after every signed-in page's
 * load (app/offline/pwa.client.ts), so that the outbox's code loads only when some answers wait.
 */
export const outboxKey = (userId: string) => `ps-review-outbox:${userId}`;
