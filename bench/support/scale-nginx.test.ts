// deploy/nginx.conf with the bench's ports: node --import tsx --test bench/support/*.test.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { nginxConfFor, openFilesHardLimit } from './scale-nginx.ts';

const conf = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');

test('the upstream lists exactly the given ports, each with the file’s own parameters, then as backups', () => {
  const out = nginxConfFor(conf, 3450, [3451, 3452, 3453]);
  const servers = [...out.matchAll(/^\s*server 127\.0\.0\.1:(\d+)(.*);$/gm)];
  assert.deepEqual(
    servers.map((m) => m[1]),
    ['3451', '3452', '3453', '3451', '3452', '3453'],
  );
  // The file's own parameters, whatever they are (max_fails=1 was hard-coded here and went stale).
  const own = [...conf.matchAll(/^\s*server 127\.0\.0\.1:\d+( [^;]*);$/gm)].map((m) => m[1]!);
  const primary = own.find((p) => !p.includes('backup'));
  const backup = own.find((p) => p.includes('backup'));
  assert.ok(primary && backup, 'deploy/nginx.conf: primary and backup upstream lines with parameters');
  assert.deepEqual(
    servers.map((m) => m[2]),
    [primary, primary, primary, backup, backup, backup],
  );
  assert.doesNotMatch(out, /:3001|:3002/);
});

test('it listens on 127.0.0.1 at the given port, and nothing else changes', () => {
  const out = nginxConfFor(conf, 3450, [3001, 3002]);
  assert.match(out, /^\s*listen 127\.0\.0\.1:3450;$/m);
  assert.doesNotMatch(out, /listen 80;/);
  assert.equal(out.replace('listen 127.0.0.1:3450;', 'listen 80;'), conf);
});

test('a config without upstream servers or `listen 80` is refused, not silently used', () => {
  assert.throws(() => nginxConfFor('http { server { listen 80; } }', 1, [2]), /no upstream/);
  assert.throws(() => nginxConfFor(conf.replace('listen 80;', 'listen 8080;'), 1, [2]), /listen 80/);
});

test('worker_rlimit_nofile and worker_connections are lowered to the file limit the bench may have, never raised', () => {
  const own = Number(/^worker_rlimit_nofile (\d+);$/m.exec(conf)?.[1]);
  const connections = Number(/^\s*worker_connections (\d+);$/m.exec(conf)?.[1]);
  assert.ok(own > 20_000 && connections > 20_000, 'deploy/nginx.conf allows a worker over 20,000 files');
  const lowered = nginxConfFor(conf, 3450, [3451], 20_000);
  assert.match(lowered, /^worker_rlimit_nofile 20000;$/m);
  assert.match(lowered, /^\s*worker_connections 20000;$/m);
  for (const out of [nginxConfFor(conf, 3450, [3451], own * 2), nginxConfFor(conf, 3450, [3451])]) {
    assert.match(out, new RegExp(`^worker_rlimit_nofile ${own};$`, 'm'));
    assert.match(out, new RegExp(`^\\s*worker_connections ${connections};$`, 'm'));
  }
});

test('the hard limit on open files is read from /proc/self/limits', () => {
  const limit = openFilesHardLimit();
  assert.ok(limit === null || (Number.isInteger(limit) && limit > 0));
  assert.equal(openFilesHardLimit('/nonexistent'), null);
});

test('deploy/nginx.conf holds 10,000 screens (two connections each) in one worker, within its file limit', () => {
  const connections = Number(/^\s*worker_connections (\d+);$/m.exec(conf)?.[1]);
  const files = Number(/^worker_rlimit_nofile (\d+);$/m.exec(conf)?.[1]);
  assert.ok(connections >= 2 * 10_000, `worker_connections ${connections}`);
  assert.ok(files >= connections, `worker_rlimit_nofile ${files} < worker_connections ${connections}`);
});
