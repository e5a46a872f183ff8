#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of a built web app, at the
// highest quality: done once at build, so the server sends them as they are (@fastify/static
// preCompressed) instead of compressing each response. Usage: node scripts/precompress.mjs <dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dir>');
  process.exit(2);
}
let count = 0;
for (const file of files(root)) {
  if (!TEXT.has(path.extname(file))) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  // A compressed copy is only worth serving when it is smaller.
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  const gz = gzipSync(body, { level: 9 });
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
}
console.info(`precompressed ${count} files in ${root} (brotli and gzip)`);
