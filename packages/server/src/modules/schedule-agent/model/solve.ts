import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { MipModel } from './mip-model.ts';

/**
 * Solves a model with HiGHS (WebAssembly) in a worker thread: the solve is synchronous and may run
 * for seconds, so it must never block the event loop, and a worker can be killed outright. HiGHS
 * gets the time limit; if it has not answered by limit + grace the worker is terminated (hard
 * stop). Each solve gets a worker and a HiGHS instance of its own, used once and then terminated,
 * so nothing leaks between solves.
 *
 * What makes that cheap: the WebAssembly (3.5 MB) is compiled once per process, lazily, and the
 * compiled `WebAssembly.Module` is handed to each worker, which only instantiates it (HiGHS's
 * Emscripten loader takes an `instantiateWasm` hook); and one worker is kept ready, HiGHS already
 * instantiated, for the next solve, and replaced after it is taken. Compiling in every worker cost
 * about 0.1 s a solve on a quiet machine, spawning one another 0.05 s.
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
  /**
   * Where the time went, in milliseconds: `wait` getting a worker with HiGHS loaded (0 when a ready
   * one was waiting), `highs` HiGHS building and solving the model (measured in the worker), `total`
   * from the call to the answer.
   */
  phases?: { wait: number; highs: number; total: number };
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

const require = createRequire(import.meta.url);
const highsPath = require.resolve('highs');
const wasmPath = require.resolve('highs/runtime');

// Plain CommonJS evaluated in the worker, so it runs the same under tsx, vitest and the esbuild
// bundle without a separate worker file to locate. It instantiates HiGHS from the parent's compiled
// module (or, without one, lets the loader read and compile the file), says it is ready, then takes
// exactly one model by message, solves it and answers; the parent terminates it after.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const loadHighs = require(workerData.highsPath);
const settings = workerData.module
  ? { instantiateWasm(imports, receive) {
        WebAssembly.instantiate(workerData.module, imports).then(receive,
          (e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
        return {};
      } }
  : {};
loadHighs(settings).then((highs) => {
  parentPort.once('message', (job) => {
    const started = performance.now();
    const m = job.model;
    const inf = (a) => a.map((x) => (x === Infinity ? highs.infinity : x === -Infinity ? -highs.infinity : x));
    const model = highs.createModel({
      numCols: m.numCols, numRows: m.numRows, sense: highs.constants.objectiveSense.minimize,
      offset: m.offset, colCost: m.colCost, colLower: inf(m.colLower), colUpper: inf(m.colUpper),
      rowLower: inf(m.rowLower), rowUpper: inf(m.rowUpper), integrality: m.integrality,
      matrix: { format: 'csr', numRows: m.numRows, numCols: m.numCols, starts: m.starts, indices: m.indices, values: m.values },
    });
    try {
      model.options.set(Object.assign({ output_flag: false, mip_rel_gap: 0 }, job.options));
      if (job.start) model.setSolution(job.start);
      model.run();
      const modelStatus = model.getModelStatus();
      const feasible = model.info.get('primal_solution_status') === highs.constants.solutionStatus.feasible;
      let bound = null;
      try { bound = Number(model.info.get('mip_dual_bound')); } catch {}
      const values = feasible ? model.getSolution().colValue : null;
      parentPort.postMessage({ modelStatus, values, bound, objective: feasible ? model.getObjectiveValue() : null,
        highsMs: performance.now() - started }, values ? [values.buffer] : []);
    } finally {
      model.dispose();
    }
  });
  parentPort.postMessage({ ready: true });
}).catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

interface WorkerAnswer {
  /** Sent once HiGHS is loaded, before it takes a model: the time limit's clock starts there. */
  ready?: boolean;
  modelStatus?: number;
  values?: Float64Array | null;
  bound?: number | null;
  objective?: number | null;
  highsMs?: number;
  error?: string;
}

/**
 * A compiled `WebAssembly.Module`, opaque here: Node has the WebAssembly global, but the server's
 * TypeScript libraries (ES2023, no DOM) do not declare it, so this file declares the one call it makes.
 */
type CompiledHighs = object;
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledHighs> };

// HiGHS's modelStatus codes (highs.constants.modelStatus).
const OPTIMAL = 7;
const INFEASIBLE = 8;
const TIME_LIMIT = 13;
const INTERRUPTED = 17;

/**
 * HiGHS compiled once per process. If compiling fails (it should not: the same bytes load in the
 * worker), the promise gives null and workers load the file themselves, as they did before.
 */
let compiled: Promise<CompiledHighs | null> | null = null;
function compiledHighs(): Promise<CompiledHighs | null> {
  compiled ??= readFile(wasmPath)
    .then((bytes) => WebAssembly.compile(bytes))
    .catch(() => null);
  return compiled;
}

/**
 * A worker with HiGHS loading or loaded, not yet given a model. `ready` settles once it can take one
 * (true) or has failed (false); `answer` listeners are attached by the solve that takes it.
 */
interface HighsWorker {
  worker: Worker;
  ready: Promise<boolean>;
  isReady: boolean;
  failure: string | null;
}

function startWorker(module: CompiledHighs | null): HighsWorker {
  const worker = new Worker(workerSource, { eval: true, workerData: { highsPath, module } });
  const handle: HighsWorker = { worker, ready: Promise.resolve(false), isReady: false, failure: null };
  handle.ready = new Promise<boolean>((resolve) => {
    const onMessage = (answer: WorkerAnswer) => {
      if (answer.ready) handle.isReady = true;
      else handle.failure = answer.error ?? 'Solver worker failed to start';
      done(handle.isReady);
    };
    const onError = (err: Error) => {
      handle.failure = err.message;
      done(false);
    };
    const onExit = (code: number) => {
      handle.failure = `Solver worker exited with code ${code}`;
      done(false);
    };
    const done = (ok: boolean) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve(ok);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  return handle;
}

/**
 * The one worker kept ready for the next solve. It is unref'd so an idle spare never keeps the process
 * alive, and dropped if it dies while waiting.
 */
let spare: HighsWorker | null = null;

function keepSpare(module: CompiledHighs | null): void {
  if (spare) return;
  const handle = startWorker(module);
  handle.worker.unref();
  spare = handle;
  void handle.ready.then((ok) => {
    if (!ok && spare === handle) {
      spare = null;
      void handle.worker.terminate();
    }
  });
}

/**
 * The spare, ready or still loading (it started before any new one would), else a worker started now.
 * Either way it is this solve's alone: the next solve gets a new spare.
 */
async function takeWorker(): Promise<HighsWorker> {
  const module = await compiledHighs();
  const taken = spare;
  if (taken) {
    spare = null;
    taken.worker.ref();
    return taken;
  }
  return startWorker(module);
}

export function solve(model: MipModel, options: SolveOptions): Promise<SolveResult> {
  if (!(options.seconds > 0)) throw new Error('The time limit must be a positive number of seconds');
  const started = performance.now();
  const arrays = model.toArrays();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let handle: HighsWorker | null = null;
    let wait = 0;
    let highs = 0;
    const finish = (result: Omit<SolveResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(killer);
      if (handle) void handle.worker.terminate();
      const total = ms();
      resolve({ ...result, ms: total, phases: { wait: Math.round(wait), highs: Math.round(highs), total } });
      // The next solve's worker starts loading now, while this one's answer is read.
      void compiledHighs().then(keepSpare);
    };
    const stop = (message: string) =>
      finish({ status: 'stopped', objective: null, bound: null, values: null, message });
    const fail = (message: string) =>
      finish({ status: 'error', objective: null, bound: null, values: null, message });
    // Loading HiGHS takes from a few hundredths of a second (a ready worker) to seconds (compiling it
    // on a busy machine); HiGHS's own clock starts after it, so the hard stop's clock does too.
    let killer = setTimeout(
      () => stop('Solver did not start in time and was terminated'),
      options.startupMs ?? 10_000,
    );
    const answered = (answer: WorkerAnswer) => {
      if (answer.error !== undefined) return fail(answer.error);
      highs = answer.highsMs ?? 0;
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
    };
    takeWorker()
      .then(async (taken) => {
        if (settled) {
          // Stopped while HiGHS was still compiling: this worker is nobody's.
          void taken.worker.terminate();
          return;
        }
        handle = taken;
        const ok = await taken.ready;
        if (settled) return;
        if (!ok) return fail(taken.failure ?? 'Solver worker failed to start');
        wait = performance.now() - started;
        clearTimeout(killer);
        killer = setTimeout(
          () => stop('Solver did not stop in time and was terminated'),
          options.seconds * 1000 + (options.graceMs ?? 2000),
        );
        const { worker } = taken;
        worker.once('message', answered);
        worker.on('error', (err) => fail(err.message));
        worker.on('exit', (code) => fail(`Solver worker exited with code ${code}`));
        worker.postMessage({
          model: arrays,
          options: { time_limit: options.seconds, ...options.highsOptions },
          start: options.start ?? null,
        });
      })
      .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
  });
}
