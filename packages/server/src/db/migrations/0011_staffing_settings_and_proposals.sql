CREATE TABLE "proposal_changes" (
	"proposal_id" uuid NOT NULL,
	"change_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"change" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"shift_id" uuid,
	"removed_shift" jsonb,
	"failure" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"on_behalf_of" uuid,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"mode" text,
	"uncovered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coverage_before" jsonb NOT NULL,
	"coverage_after" jsonb NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"solver" jsonb,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_staffing_settings" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_changes" ADD CONSTRAINT "proposal_changes_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_staffing_settings" ADD CONSTRAINT "team_staffing_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_changes_pk" ON "proposal_changes" USING btree ("proposal_id","change_id");--> statement-breakpoint
CREATE INDEX "proposals_team_idx" ON "proposals" USING btree ("team_id","created_at");