import { defineConfig } from 'drizzle-kit';

// SQL migrations are generated from src/db/schema.ts and committed; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
