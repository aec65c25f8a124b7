CREATE TABLE "practice_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"paper_id" text NOT NULL,
	"subject" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"writing_ended_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"ended" boolean DEFAULT false NOT NULL,
	"statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scored" double precision,
	"max_marks" integer,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD CONSTRAINT "practice_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_attempts_user_idx" ON "practice_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "practice_attempts_open_idx" ON "practice_attempts" USING btree ("user_id","paper_id") WHERE "practice_attempts"."finished_at" is null and "practice_attempts"."ended" = false;