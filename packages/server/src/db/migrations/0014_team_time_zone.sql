ALTER TABLE "teams" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_format" text DEFAULT 'auto' NOT NULL;