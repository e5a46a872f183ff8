import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';
const themeScript = fileURLToPath(new URL('./src/theme-init.js', import.meta.url));

/**
 * The theme script must run before the first paint, so it is a classic (blocking) script, which Vite
 * does not bundle. In a build this emits it as a hashed asset and points the pages' `<script
 * src="/theme-init.js">` at it, so it is cached for a year like every other script; in development
 * Vite serves it under its plain name.
 */
function themeInitScript(): Plugin {
  return {
    name: 'rotaboard:theme-init',
    apply: 'build',
    buildStart() {
      // The Node build of the prerender (scripts/prerender.mjs) has no pages to point at it.
      if (this.environment.config.build.ssr) return;
      this.emitFile({ type: 'asset', name: 'theme-init.js', source: readFileSync(themeScript) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const emitted = Object.values(context.bundle).find(
          (item) => item.type === 'asset' && item.names?.includes('theme-init.js'),
        );
        if (!emitted) throw new Error('the theme script was not emitted');
        return html.replace(PLACEHOLDER, `<script src="/${emitted.fileName}"></script>`);
      },
    },
  };
}

const TAG = '<script src="/theme-init.js"></script>';
const PLACEHOLDER = '<!--theme-init-->';

/** Takes the tag out before Vite reads the page (it would warn that a classic script is not bundled). */
function themeInitPlaceholder(): Plugin {
  return {
    name: 'rotaboard:theme-init-placeholder',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(TAG)) throw new Error(`the page has lost ${TAG}`);
        return html.replace(TAG, PLACEHOLDER);
      },
    },
  };
}

function themeInitDevServer(): Plugin {
  return {
    name: 'rotaboard:theme-init-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/theme-init.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(readFileSync(themeScript));
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), themeInitPlaceholder(), themeInitScript(), themeInitDevServer()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
      '/scheduleHub': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Which chunks each page's code is in: scripts/prerender.mjs reads it to preload a prerendered
    // page's own code with the entry, then removes it.
    manifest: true,
  },
});
