CREATE TABLE "pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"hourly_rate_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_rates_hourly_rate_minor_range" CHECK ("pay_rates"."hourly_rate_minor" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "weekly_budget_minor" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "overtime_after_minutes" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "overtime_multiplier_hundredths" smallint DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_one_per_staff_per_date" ON "pay_rates" USING btree ("staff_id","effective_from");--> statement-breakpoint
CREATE INDEX "pay_rates_team_idx" ON "pay_rates" USING btree ("team_id");--> statement-breakpoint
-- Hand-written (issue 43): teams made before currencies existed take their owner's billing currency, else USD.
UPDATE "teams" SET "currency" = upper("users"."billing_currency") FROM "users" WHERE "users"."id" = "teams"."owner_id" AND "users"."billing_currency" ~* '^[a-z]{3}$';
