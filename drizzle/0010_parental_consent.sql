CREATE TABLE "parental_consents" (
	"user_id" text PRIMARY KEY NOT NULL,
	"parent_email" text NOT NULL,
	"token_hash" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_at" timestamp with time zone,
	"notice_version" text,
	"parent_user_id" text
);
--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parental_consents_token_idx" ON "parental_consents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "parental_consents_parent_idx" ON "parental_consents" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "parental_consents_requested_idx" ON "parental_consents" USING btree ("requested_at");