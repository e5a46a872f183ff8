// A vitest reporter for `npm test`'s summary: what made a run fail besides a failed test, which the
// JSON report leaves out. A failing beforeAll/afterAll, an import error or an unhandled error makes
// vitest exit non-zero with every test passed; CI keeps only the end of the log, so without this the
// summary said "FAIL integration (941 passed, 0 failed)" and nothing else (2026-11-27).
import { writeFileSync } from 'node:fs';

/** The first lines of an error: enough to find it, short enough for a summary. */
const brief = (error) =>
  [error?.name && error?.message ? `${error.name}: ${error.message}` : String(error?.message ?? error)]
    .concat(
      String(error?.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at .*\/.*:\d+:\d+/.test(line) && !/node_modules|node:internal/.test(line))
        .slice(0, 3),
    )
    .join('\n');

export default class ProblemsReporter {
  /** Where to write is `VITEST_PROBLEMS_FILE` (a reporter named on the command line takes no options). */
  outputFile = process.env.VITEST_PROBLEMS_FILE;

  onTestRunEnd(testModules, unhandledErrors) {
    const problems = [];
    for (const module of testModules) {
      if (module.state() !== 'failed') continue;
      const where = module.relativeModuleId;
      for (const error of module.errors()) problems.push({ where, what: brief(error) });
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors())
          problems.push({ where: `${where} › ${suite.fullName}`, what: brief(error) });
      }
      for (const test of module.children.allTests('failed')) {
        const [first] = test.result().errors ?? [];
        problems.push({ where: `${where} › ${test.fullName}`, what: brief(first) });
      }
      // A module that failed with no error above failed in a hook vitest reports on the module.
      if (!problems.some((p) => p.where.startsWith(where)))
        problems.push({ where, what: 'failed (no error reported)' });
    }
    for (const error of unhandledErrors) problems.push({ where: 'unhandled error', what: brief(error) });
    if (this.outputFile) writeFileSync(this.outputFile, JSON.stringify(problems, null, 2));
  }
}
