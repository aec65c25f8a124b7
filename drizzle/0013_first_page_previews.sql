CREATE TABLE "paper_previews" (
	"sha256" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_previews" ADD CONSTRAINT "paper_previews_sha256_paper_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."paper_files"("sha256") ON DELETE cascade ON UPDATE no action;