#!/usr/bin/env node
// Prerenders the public pages (docs/public-site.md). Run after `vite build` in packages/web:
// 0. builds the public pages' own browser entry (site.html → src/site/entry-client.tsx) into the same
//    dist, as a build of its own: one build with both entries split the app's code into many more
//    shared chunks and made the login page 7 KB heavier;
// 1. builds src/site/entry-server.tsx for Node (Vite SSR build, with the same Preact aliases);
// 2. renders each page of core/site/public-pages.ts into the built site.html (which carries the hashed
//    CSS and the small hydrating script), with its title, description, canonical link, Open Graph and
//    Twitter tags;
// 3. writes them to dist/pages/<name>.html and removes the template and the Node build.
// Addresses are written as %PUBLIC_URL%: PUBLIC_URL is runtime configuration, so the server fills
// it in once at start-up (plugins/public-site.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/web');
const dist = path.join(web, 'dist');
const ssrOut = path.join(web, 'dist-prerender');

await build({
  configFile: path.join(web, 'vite.config.ts'),
  root: web,
  logLevel: 'warn',
  build: {
    outDir: dist,
    emptyOutDir: false,
    rollupOptions: { input: path.join(web, 'site.html') },
  },
});

await build({
  configFile: path.join(web, 'vite.config.ts'),
  root: web,
  logLevel: 'warn',
  build: {
    ssr: path.join(web, 'src/site/entry-server.tsx'),
    outDir: ssrOut,
    emptyOutDir: true,
    rollupOptions: { input: path.join(web, 'src/site/entry-server.tsx') },
  },
});

const { renderPage, pages } = await import(pathToFileURL(path.join(ssrOut, 'entry-server.js')).href);
const templateFile = path.join(dist, 'site.html');
const template = readFileSync(templateFile, 'utf8');
for (const marker of ['<!--site-head-->', '<!--site-body-->', '<div id="root">']) {
  if (!template.includes(marker)) throw new Error(`site.html has lost ${marker}`);
}

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The file a public path is written to: `/` → home.html, `/features/leave` → features-leave.html. */
export function pageFile(pagePath) {
  return `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.html`;
}

mkdirSync(path.join(dist, 'pages'), { recursive: true });
for (const page of pages) {
  const title = `${page.title} · Rotaboard`;
  const url = `%PUBLIC_URL%${page.path === '/' ? '/' : page.path}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Rotaboard" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    '<meta property="og:image" content="%PUBLIC_URL%/site/og-image.png" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta property="og:image:alt" content="The Rotaboard week builder" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    '<meta name="twitter:image" content="%PUBLIC_URL%/site/og-image.png" />',
  ].join('\n    ');
  const body = await renderPage(page.path);
  const html = template
    .replace('<!--site-head-->', head)
    .replace('<div id="root">', `<div id="root" data-page="${page.path}">`)
    .replace('<!--site-body-->', body);
  writeFileSync(path.join(dist, 'pages', pageFile(page.path)), html);
}
rmSync(templateFile);
rmSync(ssrOut, { recursive: true, force: true });
console.info(
  `prerendered ${pages.length} public pages into ${path.relative(process.cwd(), path.join(dist, 'pages'))}`,
);
