CREATE TABLE "papers_read" (
	"user_id" text NOT NULL,
	"paper" text NOT NULL,
	"page" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "papers_read_user_id_paper_pk" PRIMARY KEY("user_id","paper")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "papers_read" ADD CONSTRAINT "papers_read_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;