CREATE TABLE "model_papers" (
	"id" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"mediums" text[] NOT NULL,
	"title" text NOT NULL,
	"source_sha256" text NOT NULL,
	"question_sha256" text NOT NULL,
	"question_pages" integer NOT NULL,
	"solution_sha256" text NOT NULL,
	"solution_pages" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
