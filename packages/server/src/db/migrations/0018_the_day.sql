CREATE TABLE "no_show_alerts" (
	"shift_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sick_cover_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"open_shift_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"rank" smallint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"shift_id" uuid,
	"work_date" date NOT NULL,
	"clock_in_at" timestamp with time zone NOT NULL,
	"clock_out_at" timestamp with time zone,
	"break_started_at" timestamp with time zone,
	"break_seconds" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_shifts" ADD COLUMN "from_sick_shift_id" uuid;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "sick" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "clock_in_early_minutes" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "late_after_minutes" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "sick_cover_offers" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "auto_approve_sick_cover" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "no_show_alerts" ADD CONSTRAINT "no_show_alerts_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_alerts" ADD CONSTRAINT "no_show_alerts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_alerts" ADD CONSTRAINT "no_show_alerts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_cover_offers" ADD CONSTRAINT "sick_cover_offers_open_shift_id_open_shifts_id_fk" FOREIGN KEY ("open_shift_id") REFERENCES "public"."open_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_cover_offers" ADD CONSTRAINT "sick_cover_offers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_show_alerts_team_idx" ON "no_show_alerts" USING btree ("team_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sick_cover_offers_one_per_person" ON "sick_cover_offers" USING btree ("open_shift_id","staff_id");--> statement-breakpoint
CREATE INDEX "sick_cover_offers_staff_idx" ON "sick_cover_offers" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "timesheets_team_date_idx" ON "timesheets" USING btree ("team_id","work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_one_open_per_person" ON "timesheets" USING btree ("staff_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_one_per_shift" ON "timesheets" USING btree ("shift_id") WHERE shift_id is not null;--> statement-breakpoint
ALTER TABLE "open_shifts" ADD CONSTRAINT "open_shifts_from_sick_shift_id_shifts_id_fk" FOREIGN KEY ("from_sick_shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;