// Every route fuzzed on PostgreSQL, when it is reachable (the suite: support/fuzz-suite.ts).
import { describe } from 'vitest';
import { fuzzEveryRoute } from './support/fuzz-suite.ts';
import { engines } from './support/harness.ts';

if (engines.includes('postgres')) fuzzEveryRoute('postgres');
else describe.skip('every route on postgres (PostgreSQL is not reachable)', () => {});
