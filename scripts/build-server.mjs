// Builds the server to JavaScript once, so `npm start` runs `node packages/server/dist/main.js`
// instead of transpiling TypeScript at every start (issue 11: start-up under 2 s). esbuild bundles
// the server's own code and @rotaboard/core (TypeScript source in the workspace); every other package
// stays in node_modules and is imported as usual. The migrations are copied beside the bundle, where
// db/client.ts looks for them (next to the running file).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');
const dist = path.join(server, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
// Every package but the workspace's own stays in node_modules: bundling them too made a 5.6 MB file
// that took longer to parse than the separate modules took to load.
const external = Object.keys(dependencies).filter((name) => name !== '@rotaboard/core');

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outdir: dist,
  // The app is imported after PGlite has started (main.ts): a chunk of its own, so its packages load
  // then, not before main runs.
  splitting: true,
  // Beside main.js: db/client.ts and app.ts find the migrations and the web app relative to the file.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.info(`built ${path.relative(root, path.join(dist, 'main.js'))}`);
