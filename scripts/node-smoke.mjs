#!/usr/bin/env node
// A smoke of the built server on the Node that runs this file (scripts/node-lanes.mjs runs it under
// each Node lane; plain JavaScript, so no tsx is needed on any Node). It starts
// packages/server/dist/main.js (`npm run build` makes it) with this same Node, on PGlite in a
// temporary DATA_DIR, then, as a person would: signs in through the dev outbox, creates a team, reads a
// week, connects to the live hub with the session cookie, joins the team, adds a shift and waits for
// the hub's announcement of it, reads the week again, and stops the server with SIGTERM (it must exit
// 0 within 5 s). Each step prints a line; the first that fails ends the run with exit code 1 and a
// last line saying which step and why.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'packages/server/dist/main.js');

/**
 * The hub's path and event names from core. Node 22.18+ runs core's TypeScript as it is (type
 * stripping); an older Node cannot import it, so there the names are read from the same source file.
 */
async function hubNames() {
  if (process.features?.typescript) {
    const { HUB_PATH, HubEvents } = await import('@rotaboard/core/realtime/events');
    return { HUB_PATH, HubEvents };
  }
  const source = readFileSync(path.join(root, 'packages/core/src/realtime/hub.ts'), 'utf8');
  const constant = (name) => source.match(new RegExp(`\\b${name}: '([^']+)'`))?.[1];
  return {
    HUB_PATH: source.match(/export const HUB_PATH = '([^']+)'/)?.[1],
    HubEvents: {
      join: constant('join'),
      joined: constant('joined'),
      scheduleUpdated: constant('scheduleUpdated'),
    },
  };
}

const sparePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
let current = 'start';
const step = (name) => {
  current = name;
};
const ok = (what) => console.info(`  ok  ${what.padEnd(58)} ${elapsed()}`);
const fail = (what) => {
  throw new Error(what);
};
const within = (ms, promise, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms / 1000} s`)), ms),
    ),
  ]);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rotaboard-node-smoke-'));
let server;
let serverLog = '';
let hub;
try {
  console.info(`smoke on Node ${process.versions.node}: ${path.relative(root, main)}`);
  step('the build');
  if (process.env.ROTABOARD_BUILD_FAILED) fail('npm run build failed, so there is no current build to start');
  if (!existsSync(main)) fail(`${path.relative(root, main)} is missing: run npm run build first`);
  const { HUB_PATH, HubEvents } = await hubNames();
  if (!HUB_PATH || !HubEvents.join) fail('could not read the hub path and event names from core');

  step('the server start');
  const port = await sparePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // As the e2e servers run (packages/e2e/support/server.ts testServerEnv), on PGlite.
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      MAGIC_LINK_RESEND_SECONDS: '3',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PRO_EMAILS: '@pro.example.com',
      SUPPORT_EMAILS: 'agent@support.example.com',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  server.stdout.on('data', (chunk) => {
    serverLog += chunk;
  });
  server.stderr.on('data', (chunk) => {
    serverLog += chunk;
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} before it was healthy`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() > deadline) fail('the server was not healthy within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ok(`server healthy on Node ${process.versions.node}`);

  const json = async (method, url, body, cookie) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, text };
  };
  const expectStatus = (res, status, what) => {
    if (res.status !== status) fail(`${what}: ${res.status}, expected ${status}: ${res.text.slice(0, 300)}`);
    return res.body;
  };

  step('sign-in');
  const email = 'smoke@pro.example.com';
  expectStatus(await json('POST', '/api/auth/login', { email }), 200, 'POST /api/auth/login');
  const mail = expectStatus(await json('GET', '/dev/mail.json'), 200, 'GET /dev/mail.json');
  const link = mail.find((m) => m.to === email)?.links.find((l) => l.includes('/login/verify/'));
  if (!link) fail('no sign-in link for the person in the dev outbox');
  const verify = await fetch(`${base}/api/auth/verify/${link.split('/').pop()}`, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .find((c) => c.startsWith('rotaboard_session='))
    ?.split(';')[0];
  if (!cookie) fail(`the verify link set no session cookie (${verify.status})`);
  expectStatus(
    await json('PUT', '/api/users/me', { firstName: 'Smoke', lastName: 'Test' }, cookie),
    200,
    'PUT /api/users/me',
  );
  const me = expectStatus(await json('GET', '/api/auth/me', undefined, cookie), 200, 'GET /api/auth/me');
  if (me?.user?.email !== email) fail(`GET /api/auth/me names ${me?.user?.email}, not ${email}`);
  ok('signed in through the dev outbox');

  step('the team');
  const team = expectStatus(
    await json('POST', '/api/teams', { teamName: 'Smoke', ownerInStaffList: true }, cookie),
    201,
    'POST /api/teams',
  );
  const teamUrl = `/api/teams/${team.teamId}`;
  const [staff] = expectStatus(await json('GET', `${teamUrl}/staff`, undefined, cookie), 200, 'GET staff');
  if (!staff?.staffId) fail('the new team has no staff row for its owner');
  ok('created a team');

  step('the week read');
  const day = new Date(Date.now() + 7 * 86_400_000);
  const startDate = day.toISOString().slice(0, 10);
  const endDate = new Date(day.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
  const weekUrl = `${teamUrl}/shifts?startDate=${startDate}&endDate=${endDate}`;
  const week = expectStatus(await json('GET', weekUrl, undefined, cookie), 200, `GET ${weekUrl}`);
  if (!Array.isArray(week) || week.length !== 0)
    fail(`the new team's week is not empty: ${JSON.stringify(week)}`);
  ok(`read the week ${startDate} to ${endDate}`);

  step('the live hub');
  hub = io(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie },
  });
  await within(
    15_000,
    new Promise((resolve, reject) => {
      hub.once('connect', resolve);
      hub.once('connect_error', reject);
    }),
    'connecting to the hub',
  );
  const joined = within(
    15_000,
    new Promise((resolve) => hub.once(HubEvents.joined, resolve)),
    'joining the team group',
  );
  hub.emit(HubEvents.join, team.teamId);
  if ((await joined) !== team.teamId) fail('the hub acknowledged another team');
  ok(`connected to the live hub (${HUB_PATH}) and joined the team`);

  step('the live announcement');
  const announced = new Promise((resolve) =>
    hub.on(HubEvents.scheduleUpdated, (event) => {
      if (event?.teamId === team.teamId && event.kind === 'shifts') resolve(event);
    }),
  );
  const shift = expectStatus(
    await json(
      'POST',
      `${teamUrl}/shifts`,
      { staffId: staff.staffId, shiftDate: startDate, startTime: '09:00', endTime: '17:00' },
      cookie,
    ),
    201,
    'POST shifts',
  );
  const event = await within(15_000, announced, 'the announcement of the new shift');
  if (!event.ids?.includes(shift.shiftId))
    fail(`the announcement names ${JSON.stringify(event.ids)}, not the new shift`);
  ok('added a shift; the hub announced it');

  step('the week read again');
  const after = expectStatus(await json('GET', weekUrl, undefined, cookie), 200, `GET ${weekUrl}`);
  if (after.length !== 1) fail(`the week holds ${after.length} entries, expected the 1 added`);
  ok('read the week again: the shift is there');

  step('the stop');
  hub.close();
  const stopping = Date.now();
  server.kill('SIGTERM');
  const exit = await within(10_000, exited, 'the exit after SIGTERM');
  if (exit.code !== 0) fail(`the server exited with ${exit.code ?? exit.signal} after SIGTERM`);
  if (Date.now() - stopping > 5000) fail(`the server took ${Date.now() - stopping} ms to exit after SIGTERM`);
  ok('SIGTERM: the server exited 0 within 5 s');
  // A deprecation or other warning this Node prints is shown, though it fails nothing.
  if (serverLog.trim()) console.info(`the server's output:\n${serverLog.trimEnd().replace(/^/gm, '    ')}`);
  console.info(`smoke PASSED on Node ${process.versions.node} in ${elapsed()}`);
} catch (error) {
  hub?.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (serverLog.trim()) console.info(`the server's output:\n${serverLog.trimEnd().replace(/^/gm, '    ')}`);
  console.info(`smoke FAILED on Node ${process.versions.node} at ${current}: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
