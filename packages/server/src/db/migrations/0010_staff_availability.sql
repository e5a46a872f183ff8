CREATE TABLE "staff_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"weekday" smallint,
	"available_date" date,
	"start_time" time,
	"end_time" time,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_availability" ADD CONSTRAINT "staff_availability_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_availability_staff_idx" ON "staff_availability" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_availability_team_idx" ON "staff_availability" USING btree ("team_id");