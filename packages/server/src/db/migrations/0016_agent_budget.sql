ALTER TABLE "teams" ALTER COLUMN "schedule_agent_enabled" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "cost" jsonb;--> statement-breakpoint
-- Hand-written (issue 43): the schedule agent's switch now gates it, on by default, so every team that has it today keeps it.
UPDATE "teams" SET "schedule_agent_enabled" = true;
