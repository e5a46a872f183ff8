// Writes docs/api/openapi.json from the running route schemas (`npm run docs:api`).
// A test fails when the committed file differs, so the document never drifts from the code.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../test/support/openapi.ts';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api/openapi.json');
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, await renderOpenApi());
console.info(`wrote ${target}`);
