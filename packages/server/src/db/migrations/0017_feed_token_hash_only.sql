-- Issue 45: a calendar feed's address was HMAC(server key, user id + nonce), so a dump of the database
-- (the key in server_secrets, the nonce here) could make every address again. From now on an address
-- is 32 random bytes shown once; only its SHA-256 is kept. The addresses made before keep working:
-- they are found by the same hash. Without the nonce and the key, nothing can make them again.
ALTER TABLE "calendar_feeds" DROP COLUMN "nonce";--> statement-breakpoint
DELETE FROM "server_secrets" WHERE "name" = 'calendar_feed';
