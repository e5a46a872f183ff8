import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Starts embedded PostgreSQL in `dataDir` (or in memory for `memory://`). It comes up asynchronously:
 * its WebAssembly compiles on V8's background threads, so main.ts starts it before loading the rest of
 * the server (this module imports nothing else for that reason).
 */
export function startPglite(dataDir: string): PGlite {
  const inMemory = dataDir === 'memory://';
  const dir = inMemory ? undefined : path.resolve(dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  return new PGlite(dir);
}
