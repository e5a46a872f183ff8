#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) on :3000 and Vite with hot reload on :5173, which
// proxies /api, /dev and /scheduleHub to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  // From the repository root, so DATA_DIR (./data) means the same as under `npm start`.
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@rotaboard/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
console.info('Rotaboard dev: open http://localhost:5173 (API on http://localhost:3000, outbox at /dev/mail)');
