import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { MipModel } from './mip-model.ts';

/**
 * Solves a model with HiGHS (WebAssembly) in a worker thread: the solve is synchronous and may run
 * for seconds, so it must never block the event loop, and a worker can be killed outright. HiGHS
 * gets the time limit; if it has not answered by limit + grace the worker is terminated (hard
 * stop). Each solve builds a fresh HiGHS instance from the model's arrays, so nothing leaks
 * between solves.
 */

export type SolveStatus = 'optimal' | 'time-limit' | 'infeasible' | 'stopped' | 'error';

export interface SolveResult {
  status: SolveStatus;
  /** Objective of the returned values, or null when there are none. */
  objective: number | null;
  /** Best lower bound HiGHS proved (minimisation), when it reports one. */
  bound: number | null;
  /** One value per variable, or null when no feasible solution was found. */
  values: Float64Array | null;
  ms: number;
  message?: string;
}

export interface SolveOptions {
  /** HiGHS's own time limit in seconds. */
  seconds: number;
  /** Extra time after the limit before the worker is terminated (default 2 s). */
  graceMs?: number;
  /** How long starting the worker and loading HiGHS may take before it is terminated (default 10 s). */
  startupMs?: number;
  /** Further HiGHS options (snake_case, as HiGHS names them). */
  highsOptions?: Record<string, number | string | boolean>;
  /**
   * A known feasible assignment to start from (variable indexes and values, the rest left to HiGHS):
   * the search then never has less than it, and a stop at the time limit still returns at least it.
   */
  start?: { indices: Int32Array; values: Float64Array };
}

const highsPath = createRequire(import.meta.url).resolve('highs');

// Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest and the esbuild
// bundle without a separate worker file to locate.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const loadHighs = require(workerData.highsPath);
loadHighs().then((highs) => {
  parentPort.postMessage({ ready: true });
  const m = workerData.model;
  const inf = (a) => a.map((x) => (x === Infinity ? highs.infinity : x === -Infinity ? -highs.infinity : x));
  const model = highs.createModel({
    numCols: m.numCols, numRows: m.numRows, sense: highs.constants.objectiveSense.minimize,
    offset: m.offset, colCost: m.colCost, colLower: inf(m.colLower), colUpper: inf(m.colUpper),
    rowLower: inf(m.rowLower), rowUpper: inf(m.rowUpper), integrality: m.integrality,
    matrix: { format: 'csr', numRows: m.numRows, numCols: m.numCols, starts: m.starts, indices: m.indices, values: m.values },
  });
  try {
    model.options.set(Object.assign({ output_flag: false, mip_rel_gap: 0 }, workerData.options));
    if (workerData.start) model.setSolution(workerData.start);
    model.run();
    const modelStatus = model.getModelStatus();
    const feasible = model.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
    let bound = null;
    try { bound = Number(model.info.get('mip_dual_bound')); } catch {}
    const values = feasible ? model.getSolution().colValue : null;
    parentPort.postMessage({ modelStatus, values, bound, objective: feasible ? model.getObjectiveValue() : null },
      values ? [values.buffer] : []);
  } finally {
    model.dispose();
  }
}).catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

interface WorkerAnswer {
  /** Sent once HiGHS is loaded, before it starts: the time limit's clock starts there. */
  ready?: boolean;
  modelStatus?: number;
  values?: Float64Array | null;
  bound?: number | null;
  objective?: number | null;
  error?: string;
}

// HiGHS's modelStatus codes (highs.constants.modelStatus).
const OPTIMAL = 7;
const INFEASIBLE = 8;
const TIME_LIMIT = 13;
const INTERRUPTED = 17;

export function solve(model: MipModel, options: SolveOptions): Promise<SolveResult> {
  if (!(options.seconds > 0)) throw new Error('The time limit must be a positive number of seconds');
  const started = performance.now();
  const arrays = model.toArrays();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SolveResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(killer);
      void worker.terminate();
      resolve({ ...result, ms: ms() });
    };
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: {
        highsPath,
        model: arrays,
        options: { time_limit: options.seconds, ...options.highsOptions },
        start: options.start ?? null,
      },
    });
    const stop = (message: string) =>
      finish({ status: 'stopped', objective: null, bound: null, values: null, message });
    // Loading HiGHS (compiling the WebAssembly) takes from a tenth of a second to seconds on a busy
    // machine; HiGHS's own clock starts after it, so the hard stop's clock does too.
    let killer = setTimeout(
      () => stop('Solver did not start in time and was terminated'),
      options.startupMs ?? 10_000,
    );
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.ready) {
        clearTimeout(killer);
        killer = setTimeout(
          () => stop('Solver did not stop in time and was terminated'),
          options.seconds * 1000 + (options.graceMs ?? 2000),
        );
        return;
      }
      if (answer.error !== undefined) {
        finish({ status: 'error', objective: null, bound: null, values: null, message: answer.error });
        return;
      }
      // Integer columns come back within HiGHS's feasibility tolerance (0.9999999); round them so
      // assignments and the objective are exact.
      const values = answer.values
        ? answer.values.map((x, i) => (arrays.integrality[i] ? Math.round(x) : x))
        : null;
      const status: SolveStatus =
        answer.modelStatus === OPTIMAL
          ? 'optimal'
          : answer.modelStatus === INFEASIBLE
            ? 'infeasible'
            : answer.modelStatus === TIME_LIMIT || answer.modelStatus === INTERRUPTED
              ? 'time-limit'
              : 'error';
      finish({
        status,
        // Recomputed from the values so the objective always matches what is returned.
        objective: values ? model.objectiveOf(values) : null,
        bound: answer.bound ?? null,
        values,
        ...(status === 'error' ? { message: `HiGHS ended with model status ${answer.modelStatus}` } : {}),
      });
    });
    worker.on('error', (err) =>
      finish({ status: 'error', objective: null, bound: null, values: null, message: err.message }),
    );
    worker.on('exit', (code) => {
      if (!settled)
        finish({
          status: 'error',
          objective: null,
          bound: null,
          values: null,
          message: `Solver worker exited with code ${code}`,
        });
    });
  });
}
