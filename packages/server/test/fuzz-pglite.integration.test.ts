// Every route fuzzed on PGlite (the suite: support/fuzz-suite.ts).
import { fuzzEveryRoute } from './support/fuzz-suite.ts';

fuzzEveryRoute('pglite');
