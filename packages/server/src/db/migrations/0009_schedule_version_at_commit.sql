-- The schedule version (the week read's ETag, modules/shifts) is now bumped when the transaction
-- commits instead of at the end of each statement. Bumping it updates the team's row, which stays
-- locked until the transaction ends; bumped mid-transaction, every other write to the team's shifts
-- queued behind the rest of the transaction, round trips to the server included (under load the
-- creates of one team formed a convoy: bench/shift-create-load). At commit the row is held only for
-- the commit itself. Readers see the new version together with the changes, as before: both become
-- visible at the same commit.
DROP TRIGGER "shifts_inserted_bump_schedule_version" ON "shifts";--> statement-breakpoint
DROP TRIGGER "shifts_updated_bump_schedule_version" ON "shifts";--> statement-breakpoint
DROP TRIGGER "shifts_deleted_bump_schedule_version" ON "shifts";--> statement-breakpoint
DROP FUNCTION "bump_schedule_version"();--> statement-breakpoint
-- Once per team per transaction: a copied week of 3,500 entries fires this 3,500 times at commit, and
-- all but the first return after reading a transaction-local setting (reset when the transaction or a
-- rolled-back savepoint ends, as the update itself would be).
CREATE FUNCTION "bump_schedule_version_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  team uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."team_id" ELSE NEW."team_id" END;
  bumped text := coalesce(current_setting('rotaboard.schedule_bumped', true), '');
BEGIN
  IF strpos(bumped, team::text) > 0 THEN
    RETURN NULL;
  END IF;
  UPDATE "teams" SET "schedule_version" = "schedule_version" + 1 WHERE "id" = team;
  PERFORM set_config('rotaboard.schedule_bumped', bumped || team::text || ',', true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shifts_changed_bump_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "shifts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_schedule_version_at_commit"();
