-- Accounts an operator had set to Pro by hand keep Pro, as an open-ended subscription (no period end).
UPDATE "users" SET "billing_provider" = 'demo', "billing_status" = 'active' WHERE "subscription_tier" = 'pro';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_tier";
