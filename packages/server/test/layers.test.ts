import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers import one way (docs/architecture.md): modules → plugins → db and lib. A plugin
 * wraps a library or a piece of infrastructure and knows no feature; the database and the helpers
 * know neither. This reads every import under src and names each one that points up. Among the
 * modules, an order of floors (src/modules/README.md): no import up or sideways, so no cycle.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Where each relative import (static, type-only or dynamic) of a file points, relative to src. */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => path.relative(src, path.resolve(path.dirname(file), specifier)));
}

const layerOf = (relative: string) => relative.split(path.sep)[0]!;

/** Which layers each layer must not import. */
const forbidden: Record<string, string[]> = {
  plugins: ['modules'],
  db: ['modules', 'plugins'],
  lib: ['modules', 'plugins'],
};

/**
 * The modules' floors, lowest first (src/modules/README.md): a module imports only modules on lower
 * floors, or its own files.
 */
export const floors: readonly (readonly string[])[] = [
  ['audit', 'mail', 'health', 'dev-mail'],
  ['users'],
  ['auth', 'team-access'],
  ['staff', 'email-change', 'calendar', 'day-notes', 'realtime'],
  ['teams', 'availability', 'invites'],
  ['staffing'],
  ['shifts'],
  ['time-clock'],
  ['proposals', 'labour'],
  ['schedule-agent'],
  ['assistant', 'requests'],
  ['open-shifts'],
  ['reports', 'support', 'billing', 'no-shows', 'sick-calls'],
  ['notifications'],
];

type Import = { from: string; to: string };

/** Every import of a module's file of another module's file, as paths relative to src. */
function moduleImports(): Import[] {
  return sourceFiles(path.join(src, 'modules')).flatMap((file) => {
    const from = path.relative(src, file);
    return importsOf(file, readFileSync(file, 'utf8'))
      .filter((to) => layerOf(to) === 'modules' && moduleOf(to) !== moduleOf(from))
      .map((to) => ({ from, to }));
  });
}

/** The module a path under src/modules belongs to (its first folder there). */
const moduleOf = (relative: string) => relative.split(path.sep)[1]!;

/** Each import against the order, as (module, module it imports), once per pair, sorted. */
export function againstOrder(imports: readonly Import[], order: readonly (readonly string[])[]): string[][] {
  const floorOf = new Map(order.flatMap((floor, i) => floor.map((m) => [m, i] as const)));
  const pairs = imports
    .filter(({ from, to }) => moduleOf(from) !== moduleOf(to))
    .filter(({ from, to }) => (floorOf.get(moduleOf(to)) ?? Infinity) >= (floorOf.get(moduleOf(from)) ?? -1))
    .map(({ from, to }) => `${moduleOf(from)} ${moduleOf(to)}`);
  return [...new Set(pairs)].sort().map((pair) => pair.split(' '));
}

/** The module cycles: each strongly connected set of two modules or more, sorted (Tarjan). */
export function cyclesOf(imports: readonly Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const set = edges.get(moduleOf(from)) ?? new Set<string>();
    edges.set(moduleOf(from), set.add(moduleOf(to)));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const cycle: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      cycle.push(w);
    } while (w !== v);
    if (cycle.length > 1) cycles.push(cycle.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** Each (module, repository file under modules/ of another module) that a module imports, sorted. */
export function repositoryImports(imports: readonly Import[]): string[][] {
  const pairs = imports
    .filter(({ from, to }) => moduleOf(from) !== moduleOf(to) && to.endsWith('.repository.ts'))
    .map(({ from, to }) => `${moduleOf(from)} ${path.relative('modules', to).split(path.sep).join('/')}`);
  return [...new Set(pairs)].sort().map((pair) => pair.split(' '));
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = path.relative(src, file);
    const banned = forbidden[layerOf(from)];
    if (!banned) continue;
    for (const target of importsOf(file, readFileSync(file, 'utf8'))) {
      if (banned.includes(layerOf(target))) found.push(`${from} imports ${target}`);
    }
  }
  return found;
}

describe('server layers', () => {
  it('finds imports of every kind, so the check below can fail', () => {
    const file = path.join(src, 'plugins/example.ts');
    const text = [
      "import { a } from '../modules/auth/session.plugin.ts';",
      "import type { B } from '../db/db.ts';",
      "const c = await import('../modules/realtime/realtime-hub.plugin.ts');",
      "import { d } from 'fastify';",
    ].join('\n');
    expect(importsOf(file, text)).toEqual([
      path.join('modules', 'auth', 'session.plugin.ts'),
      path.join('db', 'db.ts'),
      path.join('modules', 'realtime', 'realtime-hub.plugin.ts'),
    ]);
  });

  it('keeps plugins free of modules, and the database and helpers free of both', () => {
    expect(violations()).toEqual([]);
  });

  it('puts every module on one floor', () => {
    const modules = readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(floors.flat().sort()).toEqual(modules);
  });

  it('finds imports against the order and cycles, so the checks below can fail', () => {
    const imports = [
      { from: 'modules/shifts/shift.service.ts', to: 'modules/users/user.repository.ts' },
      { from: 'modules/users/users.routes.ts', to: 'modules/shifts/shift.service.ts' },
      { from: 'modules/shifts/shift-write.service.ts', to: 'modules/shifts/shift-context.ts' },
    ].map(({ from, to }) => ({ from: path.normalize(from), to: path.normalize(to) }));
    const order = [['users'], ['shifts']];
    expect(againstOrder(imports, order)).toEqual([['users', 'shifts']]);
    expect(againstOrder(imports, [['users', 'shifts']])).toEqual([
      ['shifts', 'users'],
      ['users', 'shifts'],
    ]);
    expect(cyclesOf(imports)).toEqual([['shifts', 'users']]);
    expect(repositoryImports(imports)).toEqual([['shifts', 'users/user.repository.ts']]);
  });

  it('has modules import only modules on lower floors', () => {
    expect(againstOrder(moduleImports(), floors)).toEqual([]);
  });

  it('has no module cycle', () => {
    expect(cyclesOf(moduleImports())).toEqual([]);
  });

  it("never reaches into another module's repository (a module reads through the owner's public reads)", () => {
    expect(repositoryImports(moduleImports())).toEqual([]);
  });

  it('imports the Db type from db/db.ts, never from the code that opens the database', () => {
    const fromClient = sourceFiles(src).filter((file) =>
      /import type \{[^}]*\bDb\b[^}]*\} from '[./]+db\/client\.ts'|import type \{[^}]*\bDb\b[^}]*\} from '\.\/client\.ts'/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(fromClient.map((file) => path.relative(src, file))).toEqual([]);
  });
});
