import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import document from '../../../../docs/api/openapi.json?raw';
import committed from './api-schema.d.ts?raw';

// The client's types are generated from the server's OpenAPI document (which the server's own test
// keeps in step with its routes): regenerated here in memory, they must be the committed file.
describe('api-schema.d.ts', () => {
  it('is what openapi-typescript makes of docs/api/openapi.json', async () => {
    const generated = `${COMMENT_HEADER}${astToString(await openapiTS(JSON.parse(document)))}`;
    expect(
      generated === committed,
      'packages/web/src/lib/api-schema.d.ts differs from docs/api/openapi.json: run `npm run api:types`',
    ).toBe(true);
  }, 30_000);
});
