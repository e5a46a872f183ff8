/**
 * The schedule agent's solver against the literature: reads one instance of the Shift Scheduling
 * Benchmark, builds it with the agent's own constraint builders, solves it with HiGHS, checks the
 * roster independently and prints one JSON line.
 *
 *   npm run bench:nrp -- <instance.txt> [--seconds N] [--out roster.json] [--record]
 *
 * --record also writes bench/results/nrp-<instance>.json (the line, the best known objective for
 * the published instances, the date and the roster) for committing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MipModel } from '../packages/server/src/modules/schedule-agent/model/mip-model.ts';
import { createRoster, readAssignments } from '../packages/server/src/modules/schedule-agent/model/roster.ts';
import {
  dayOff,
  forbidSuccession,
  maxConsecutiveWorkDays,
  maxShiftsOfKind,
  maxWeekends,
  minConsecutiveDaysOff,
  minConsecutiveWorkDays,
  oneShiftPerDay,
  totalMinutes,
} from '../packages/server/src/modules/schedule-agent/model/roster-constraints.ts';
import {
  shiftOffRequest,
  shiftOnRequest,
} from '../packages/server/src/modules/schedule-agent/model/roster-costs.ts';
import {
  coverage,
  tightenCoverage,
} from '../packages/server/src/modules/schedule-agent/model/roster-coverage.ts';
import { solve } from '../packages/server/src/modules/schedule-agent/model/solve.ts';
import {
  hardViolations,
  type NrpInstance,
  type NrpRoster,
  objective,
  parseNrp,
  weekendDays,
} from './nrp-instance.ts';

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run bench:nrp -- <instance.txt> [--seconds N] [--out roster.json] [--record]`,
  );
  process.exit(2);
}

/** Proven optima from the literature (schedulingbenchmarks.org), for the record. */
const BEST_KNOWN: Record<string, number> = { Instance1: 607, Instance2: 828, Instance3: 1001 };

function parseArgs(argv: string[]): { file: string; seconds: number; out: string | null; record: boolean } {
  let file: string | null = null;
  let record = false;
  let seconds = 60;
  let out: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--seconds') {
      seconds = Number(argv[++i]);
      if (!(seconds > 0)) usage('--seconds needs a positive number');
    } else if (a === '--out') {
      out = argv[++i] ?? usage('--out needs a file name');
    } else if (a === '--record') {
      record = true;
    } else if (a?.startsWith('--')) usage(`Unknown option ${a}`);
    else if (file === null && a) file = a;
    else usage(`Unexpected argument ${a}`);
  }
  if (file === null) usage('Missing the instance file');
  return { file, seconds, out, record };
}

/** The instance as the agent's model: the same builders the agent uses for rest, hours, runs and coverage. */
export function buildNrpModel(inst: NrpInstance) {
  const model = new MipModel();
  const shiftIds = inst.shifts.map((s) => s.id);
  const shiftIndex = new Map(shiftIds.map((id, k) => [id, k]));
  const staffIndex = new Map(inst.staff.map((p, s) => [p.id, s]));
  const k = (id: string) => shiftIndex.get(id) as number;
  const s = (id: string) => staffIndex.get(id) as number;
  const roster = createRoster(
    model,
    inst.staff.map((p) => p.id),
    inst.horizon,
    shiftIds,
  );
  oneShiftPerDay(roster);
  for (const shift of inst.shifts)
    for (const next of shift.cannotFollow) forbidSuccession(roster, k(shift.id), k(next));
  const minutes = inst.shifts.map((sh) => sh.minutes);
  const weekends = weekendDays(inst.horizon);
  for (const [i, p] of inst.staff.entries()) {
    for (const [id, max] of Object.entries(p.maxShifts))
      if (max < inst.horizon) maxShiftsOfKind(roster, i, k(id), max);
    totalMinutes(roster, i, minutes, p.minTotalMinutes, p.maxTotalMinutes);
    maxConsecutiveWorkDays(roster, i, p.maxConsecutiveShifts);
    minConsecutiveWorkDays(roster, i, p.minConsecutiveShifts);
    minConsecutiveDaysOff(roster, i, p.minConsecutiveDaysOff);
    maxWeekends(roster, i, weekends, p.maxWeekends);
  }
  for (const [id, days] of inst.daysOff) for (const d of days) dayOff(roster, s(id), d);
  for (const r of inst.onRequests) shiftOnRequest(roster, s(r.staffId), r.day, k(r.shiftId), r.weight);
  for (const r of inst.offRequests) shiftOffRequest(roster, s(r.staffId), r.day, k(r.shiftId), r.weight);
  for (const c of inst.cover)
    coverage(roster, c.day, k(c.shiftId), c.requirement, c.underWeight, c.overWeight);
  return { model, roster };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // ms covers reading, building and solving: everything between the file and the roster.
  const started = performance.now();
  let text: string;
  try {
    text = readFileSync(args.file, 'utf8');
  } catch (err) {
    usage(`Cannot read ${args.file}: ${(err as Error).message}`);
  }
  const inst = parseNrp(text);
  const { model, roster } = buildNrpModel(inst);
  const result = await solve(model, { seconds: args.seconds });
  const instance = basename(args.file).replace(/\.txt$/i, '');
  if (!result.values) {
    process.stdout.write(
      `${JSON.stringify({
        instance,
        objective: null,
        status: result.status,
        ms: Math.round(performance.now() - started),
        message: result.message,
      })}\n`,
    );
    process.exit(1);
  }
  const values = tightenCoverage(roster, result.values);
  const solved = model.objectiveOf(values);
  const assignments = readAssignments(roster, values);
  const out: NrpRoster = Object.fromEntries(
    inst.staff.map((p, i) => [p.id, (assignments[i] ?? []).map((k) => inst.shifts[k]?.id ?? '')]),
  );
  if (args.out) writeFileSync(args.out, `${JSON.stringify(out, null, 2)}\n`);
  const line = {
    instance,
    objective: solved,
    status: result.status,
    ms: Math.round(performance.now() - started),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const broken = hardViolations(inst, out);
  const checked = objective(inst, out);
  if (broken.length > 0) {
    console.error(`The roster breaks hard constraints:\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  if (Math.abs(checked - solved) > 1e-6) {
    console.error(`The solver's objective ${solved} disagrees with the recomputed ${checked}`);
    process.exit(1);
  }
  if (args.record) {
    const file = new URL(`./results/nrp-${instance.toLowerCase()}.json`, import.meta.url);
    const record = {
      ...line,
      bestKnown: BEST_KNOWN[instance] ?? null,
      bound: result.bound,
      seconds: args.seconds,
      variables: model.varCount,
      constraints: model.rowCount,
      date: new Date().toISOString(),
      roster: out,
    };
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
