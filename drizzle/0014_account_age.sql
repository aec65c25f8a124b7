ALTER TABLE "parental_consents" ADD COLUMN "sends" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_declared_at" timestamp with time zone;--> statement-breakpoint
-- Accounts from before (decision 028, amended 2026-11-29): a student with a consent row said "under 18" at sign-up;
-- a parent who agreed declared being 18 or older; an operator made by admin:create is staff. Everyone else is asked.
UPDATE "users" SET "age_group" = 'minor', "age_declared_at" = "parental_consents"."requested_at" FROM "parental_consents" WHERE "parental_consents"."user_id" = "users"."id";--> statement-breakpoint
UPDATE "users" SET "age_group" = 'adult', "age_declared_at" = "parental_consents"."given_at" FROM "parental_consents" WHERE "parental_consents"."parent_user_id" = "users"."id" AND "parental_consents"."given_at" IS NOT NULL AND "users"."age_group" IS NULL;--> statement-breakpoint
UPDATE "users" SET "age_group" = 'adult', "age_declared_at" = now() WHERE "admin" AND "age_group" IS NULL;
