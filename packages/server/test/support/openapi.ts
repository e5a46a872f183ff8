import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { testConfig } from './harness.ts';

/** The OpenAPI document as committed under docs/api (stable key order, trailing newline). */
export async function renderOpenApi(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp(testConfig(), { database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    return `${JSON.stringify(res.json(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
