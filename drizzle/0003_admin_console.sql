CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_id" text,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"paper_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "paper_file_chunks" (
	"sha256" text NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "paper_file_chunks_sha256_n_pk" PRIMARY KEY("sha256","n")
);
--> statement-breakpoint
CREATE TABLE "paper_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"paper_id" text NOT NULL,
	"reason" text NOT NULL,
	"question" text,
	"message" text,
	"user_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "year_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "year_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" smallint NOT NULL,
	"subjects" text[],
	"text" text NOT NULL,
	"text_mr" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_papers" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_papers" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_file_chunks" ADD CONSTRAINT "paper_file_chunks_sha256_paper_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."paper_files"("sha256") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_notes" ADD CONSTRAINT "year_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_paper_idx" ON "audit_log" USING btree ("paper_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","at");--> statement-breakpoint
CREATE INDEX "problem_reports_status_idx" ON "problem_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "problem_reports_paper_idx" ON "problem_reports" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "year_notes_year_idx" ON "year_notes" USING btree ("year");--> statement-breakpoint
ALTER TABLE "model_papers" ADD CONSTRAINT "model_papers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Chunks are PDF bytes, already compressed: storing them EXTERNAL skips a futile pglz pass on write.
ALTER TABLE "paper_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The year notes that lived in domain/year-notes.ts (from shared/board-patterns.md), now editable by admins.
INSERT INTO "year_notes" ("year", "subjects", "text", "text_mr") VALUES
(2018, NULL, 'The last exam on the old syllabus; about 17.7 lakh students sat it.', 'जुन्या अभ्यासक्रमावरची शेवटची परीक्षा; सुमारे 17.7 लाख विद्यार्थ्यांनी ती दिली.'),
(2019, NULL, 'The first exam on the new syllabus, with activity-based papers. Languages and social science had no internal marks that year, so those papers were out of 100.', 'नव्या अभ्यासक्रमावरची पहिली परीक्षा, कृतिपत्रिकांच्या स्वरूपात. त्या वर्षी भाषा आणि सामाजिक शास्त्रे यांना अंतर्गत गुण नव्हते, म्हणून त्या प्रश्नपत्रिका 100 गुणांच्या होत्या.'),
(2020, ARRAY['geography'], 'The Geography paper of 23 March was cancelled because of COVID-19; students got the average of their other papers.', '23 मार्चचा भूगोलाचा पेपर कोविड-19 मुळे रद्द झाला; विद्यार्थ्यांना इतर पेपरांच्या गुणांची सरासरी मिळाली.'),
(2020, NULL, 'The 80/20 split of written and internal marks came back.', 'लेखी आणि अंतर्गत गुणांची 80/20 विभागणी पुन्हा आली.'),
(2021, NULL, 'No written exam because of COVID-19: results came from class 9 and class 10 internal marks. A supplementary exam was held later in the year.', 'कोविड-19 मुळे लेखी परीक्षा झाली नाही: निकाल इयत्ता नववी आणि दहावीच्या अंतर्गत गुणांवरून लागला. वर्षात नंतर पुरवणी परीक्षा झाली.'),
(2022, NULL, 'Exams in the students'' own schools, on a syllabus reduced by 25%, with 15 extra minutes for 40-60 mark papers and 30 for papers of 70 marks or more.', 'परीक्षा विद्यार्थ्यांच्या स्वतःच्या शाळेतच झाली, 25% कमी केलेल्या अभ्यासक्रमावर. 40-60 गुणांच्या पेपरला 15 मिनिटे आणि 70 किंवा अधिक गुणांच्या पेपरला 30 मिनिटे जास्त मिळाली.'),
(2023, NULL, 'Full syllabus again. Every paper now ends 10 minutes after its printed end time, and the paper is no longer handed out 10 minutes early.', 'पुन्हा पूर्ण अभ्यासक्रम. आता प्रत्येक पेपर छापलेल्या वेळेनंतर 10 मिनिटांनी संपतो, आणि प्रश्नपत्रिका 10 मिनिटे आधी मिळत नाही.'),
(2024, NULL, 'Exams in March; 95.81% of students passed.', 'परीक्षा मार्चमध्ये झाली; 95.81% विद्यार्थी उत्तीर्ण झाले.'),
(2025, NULL, 'Papers from 21 February to 17 March; about 16.1 lakh students registered and 94.10% passed.', 'पेपर 21 फेब्रुवारी ते 17 मार्च; सुमारे 16.1 लाख विद्यार्थ्यांनी नोंदणी केली आणि 94.10% उत्तीर्ण झाले.'),
(2026, NULL, 'Papers from 20 February to 18 March; about 16.15 lakh students registered.', 'पेपर 20 फेब्रुवारी ते 18 मार्च; सुमारे 16.15 लाख विद्यार्थ्यांनी नोंदणी केली.');
