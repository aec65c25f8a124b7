-- The `simple` configuration (words as written: Devanagari, numbers) without English stop words, which the
-- `english` configuration drops too: "and", "the", "of" in every document would otherwise match every query
-- and every prefix ("an", "th") of the index (decision 015). Devanagari common words are dropped from queries.
CREATE TEXT SEARCH DICTIONARY "search_simple_dict" (TEMPLATE = pg_catalog.simple, STOPWORDS = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "search_simple" (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "search_simple" ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart WITH "search_simple_dict";--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"title_mr" text,
	"context" text,
	"context_mr" text,
	"url" text NOT NULL,
	"url_mr" text NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"extra" text DEFAULT '' NOT NULL,
	"paper_id" text,
	"model_paper_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	"tsv_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title" || ' ' || coalesce("title_mr", '')), 'A') || setweight(to_tsvector('english'::regconfig, "keywords"), 'B') || setweight(to_tsvector('english'::regconfig, "body"), 'C') || setweight(to_tsvector('english'::regconfig, "extra"), 'D')) STORED,
	"tsv_simple" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('search_simple'::regconfig, "title" || ' ' || coalesce("title_mr", '')), 'A') || setweight(to_tsvector('search_simple'::regconfig, "keywords"), 'B') || setweight(to_tsvector('search_simple'::regconfig, "body"), 'C') || setweight(to_tsvector('search_simple'::regconfig, "extra"), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_en_idx" ON "search_documents" USING gin ("tsv_en");--> statement-breakpoint
CREATE INDEX "search_documents_simple_idx" ON "search_documents" USING gin ("tsv_simple");