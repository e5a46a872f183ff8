import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers import one way (docs/architecture.md): modules → plugins → db and lib. A plugin
 * wraps a library or a piece of infrastructure and knows no feature; the database and the helpers
 * know neither. This reads every import under src and names each one that points up.
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
      "const c = await import('../modules/realtime/realtime-events.ts');",
      "import { d } from 'fastify';",
    ].join('\n');
    expect(importsOf(file, text)).toEqual([
      path.join('modules', 'auth', 'session.plugin.ts'),
      path.join('db', 'db.ts'),
      path.join('modules', 'realtime', 'realtime-events.ts'),
    ]);
  });

  it('keeps plugins free of modules, and the database and helpers free of both', () => {
    expect(violations()).toEqual([]);
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
