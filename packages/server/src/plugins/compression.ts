import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses responses the client accepts compressed (brotli, else gzip) once they pass 1 KB: a
 * week's schedule is mostly repeated keys and compresses to a tenth. Brotli runs at quality 4 because
 * these bodies are made per request (quality 11 costs ~20× the CPU for a few percent); the built web
 * app's files are compressed once, at the highest quality, at build time (scripts/precompress.mjs)
 * and served as they are (plugins/web-app.ts), so they skip this.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
