/** Where a student's review answers wait on the phone (./review-outbox.ts); read alone by every page after load. */
export const outboxKey = (userId: string) => `ps-review-outbox:${userId}`;
