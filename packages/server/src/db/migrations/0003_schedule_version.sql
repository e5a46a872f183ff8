ALTER TABLE "teams" ADD COLUMN "schedule_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that changes a team's shifts bumps the team's schedule version once, in the same
-- transaction: the week read's ETag comes from it (modules/shifts). Statement-level with transition
-- tables, so copying or clearing a week bumps once per team, not once per entry.
CREATE FUNCTION "bump_schedule_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teams" SET "schedule_version" = "schedule_version" + 1
  WHERE "id" IN (SELECT "team_id" FROM "changed_shifts");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shifts_inserted_bump_schedule_version" AFTER INSERT ON "shifts"
  REFERENCING NEW TABLE AS "changed_shifts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
--> statement-breakpoint
CREATE TRIGGER "shifts_updated_bump_schedule_version" AFTER UPDATE ON "shifts"
  REFERENCING NEW TABLE AS "changed_shifts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
--> statement-breakpoint
CREATE TRIGGER "shifts_deleted_bump_schedule_version" AFTER DELETE ON "shifts"
  REFERENCING OLD TABLE AS "changed_shifts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_schedule_version"();
