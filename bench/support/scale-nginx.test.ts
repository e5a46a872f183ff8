// deploy/nginx.conf with the bench's ports: node --import tsx --test bench/support/*.test.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { nginxConfFor } from './scale-nginx.ts';

const conf = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');

test('the upstream lists exactly the given ports, each with the file’s own parameters', () => {
  const out = nginxConfFor(conf, 3450, [3451, 3452, 3453]);
  const servers = [...out.matchAll(/^\s*server 127\.0\.0\.1:(\d+)(.*);$/gm)];
  assert.deepEqual(
    servers.map((m) => m[1]),
    ['3451', '3452', '3453'],
  );
  for (const m of servers) assert.equal(m[2], ' max_fails=1 fail_timeout=10s');
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
