CREATE TABLE "paper_requests" (
	"subject" text NOT NULL,
	"medium" text NOT NULL,
	"year" integer NOT NULL,
	"session" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_requests_subject_medium_year_session_pk" PRIMARY KEY("subject","medium","year","session")
);
