import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { renderOpenApi } from './support/openapi.ts';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/api/openapi.json',
);

it('docs/api/openapi.json matches the routes (run "npm run docs:api" after changing them)', async () => {
  expect(readFileSync(committed, 'utf8')).toBe(await renderOpenApi());
  // It builds the whole app to read its routes: seconds alone, past 30 s once beside the browsers.
}, 120_000);
