CREATE TABLE "day_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"note_date" date NOT NULL,
	"note_text" text NOT NULL,
	"show_to_all_staff" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"shift_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"notes" text,
	"notes_visible_to_all" boolean DEFAULT true NOT NULL,
	"is_time_off" boolean DEFAULT false NOT NULL,
	"time_off_days" double precision,
	"time_off_hours" double precision,
	"colour" smallint,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"attendance_adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_notes" ADD CONSTRAINT "day_notes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_notes_team_date_idx" ON "day_notes" USING btree ("team_id","note_date");--> statement-breakpoint
CREATE INDEX "shifts_team_date_idx" ON "shifts" USING btree ("team_id","shift_date");--> statement-breakpoint
CREATE INDEX "shifts_staff_date_idx" ON "shifts" USING btree ("staff_id","shift_date");