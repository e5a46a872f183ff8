#!/usr/bin/env node
// Prerenders the public pages and the app's signed-out pages (docs/public-site.md, docs/decisions/0004).
// Run after `vite build` in packages/web:
// 0. builds the public pages' own browser entry (site.html → src/site/entry-client.ts) into the same
//    dist, as a build of its own: one build with both entries split the app's code into many more
//    shared chunks and made the login page heavier;
// 1. builds src/site/entry-server.tsx and src/app/entry-server.tsx for Node (a Vite SSR build);
// 2. renders, with react-dom/static's `prerender` (which waits for lazy code), each page of
//    core/site/public-pages.ts into the built site.html (which carries the hashed CSS and the small
//    script that hydrates the pages' islands) and each of the app's signed-out pages (APP_PAGES: /login, a sign-in link, an
//    invitation) into the built index.html. React writes the `<title>`, description and canonical link
//    a page renders first in its output: they are moved into the head, next to the Open Graph and
//    Twitter tags of the public pages;
// 3. writes them to dist/pages/<name>.html and dist/pages/app/<name>.html, and removes the template
//    and the Node build.
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
    // The app's build's manifest (read below) stays as it was.
    manifest: false,
    rollupOptions: { input: path.join(web, 'site.html') },
  },
});

await build({
  configFile: path.join(web, 'vite.config.ts'),
  root: web,
  logLevel: 'warn',
  build: {
    ssr: true,
    manifest: false,
    outDir: ssrOut,
    emptyOutDir: true,
    rollupOptions: {
      input: {
        site: path.join(web, 'src/site/entry-server.tsx'),
        app: path.join(web, 'src/app/entry-server.tsx'),
      },
      output: { entryFileNames: '[name].js' },
    },
  },
});

// A prerendered page is the same for everyone, so it reads no stored preference. Node 25 and later
// have Web Storage of their own (a localStorage that warns at every touch without
// --localstorage-file): take it away, so pages render as on Node 20 to 24, with none.
for (const name of ['localStorage', 'sessionStorage']) {
  if (Object.getOwnPropertyDescriptor(globalThis, name)?.get) {
    Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
  }
}

const site = await import(pathToFileURL(path.join(ssrOut, 'site.js')).href);
const app = await import(pathToFileURL(path.join(ssrOut, 'app.js')).href);

function readTemplate(file, markers) {
  const html = readFileSync(file, 'utf8');
  for (const marker of markers) {
    if (!html.includes(marker)) throw new Error(`${path.basename(file)} has lost ${marker}`);
  }
  return html;
}
const siteTemplateFile = path.join(dist, 'site.html');
const siteTemplate = readTemplate(siteTemplateFile, [
  '<!--site-head-->',
  '<!--site-body-->',
  '<div id="root">',
]);
const defaultMeta = /\s*<(title|meta)[^>]*data-default-meta[^>]*>(?:[^<]*<\/title>)?/g;
const appTemplate = readTemplate(path.join(dist, 'index.html'), [
  '<div id="root"></div>',
  'data-default-meta',
]);

/**
 * React 19 writes the `<title>`, `<meta>` and `<link>` elements a page renders (PageMeta) at the start
 * of its output when it does not render the whole document: they belong in the head.
 */
function splitHead(rendered) {
  const leading = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
  const head = leading.match(/<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>/g) ?? [];
  if (!head.some((tag) => tag.startsWith('<title>'))) throw new Error('a prerendered page has no <title>');
  return { head, body: rendered.slice(leading.length) };
}

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The file a public path is written to: `/` → home.html, `/features/leave` → features-leave.html. */
export function pageFile(pagePath) {
  return `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.html`;
}

mkdirSync(path.join(dist, 'pages', 'app'), { recursive: true });
for (const page of site.pages) {
  const title = `${page.title} · Rotaboard`;
  const url = `%PUBLIC_URL%${page.path === '/' ? '/' : page.path}`;
  const { head, body } = splitHead(await site.renderPage(page.path));
  if (!head.includes(`<link rel="canonical" href="${url}"/>`)) {
    throw new Error(`${page.path} rendered no canonical link to ${url}`);
  }
  const social = [
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
  ];
  const html = siteTemplate
    .replace('<!--site-head-->', [...head, ...social].join('\n    '))
    .replace('<div id="root">', `<div id="root" data-page="${page.path}">`)
    .replace('<!--site-body-->', body);
  writeFileSync(path.join(dist, 'pages', pageFile(page.path)), html);
}

/**
 * On a prerendered page of the app the form is in the HTML: its script (the entry and what it imports)
 * is not needed for the first paint, so it is fetched at low priority, after the stylesheet, rather
 * than sharing a slow connection with it (the app's own index.html, which draws nothing without its
 * script, keeps the default).
 */
const afterPaint = (html) =>
  html
    .replaceAll(
      '<script type="module" crossorigin ',
      '<script type="module" fetchpriority="low" crossorigin ',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin ',
      '<link rel="modulepreload" fetchpriority="low" crossorigin ',
    );
const appPageTemplate = afterPaint(appTemplate);

// The app's build manifest: which chunks hold a module and what they import.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The chunks `module` needs, its own first: its chunk and, transitively, the chunks it imports. */
function chunksOf(module, seen = new Set()) {
  const entry = manifest[module];
  if (!entry) throw new Error(`the build manifest has no ${module}`);
  if (seen.has(entry.file)) return [];
  seen.add(entry.file);
  return [entry.file, ...(entry.imports ?? []).flatMap((name) => chunksOf(name, seen))];
}
const entryChunks = new Set(chunksOf('index.html'));

/**
 * A prerendered page's own code (its route is lazy in the app): preloaded with the entry, at the same
 * low priority, so the page hydrates as soon as the entry has run instead of asking for it then.
 */
function preloadPage(html, module) {
  const links = chunksOf(module)
    .filter((file) => !entryChunks.has(file))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
  if (links.length === 0) throw new Error(`${module} has no chunk of its own`);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
if (!appPageTemplate.includes('<script type="module" fetchpriority="low"')) {
  throw new Error('index.html has lost its module script');
}

for (const page of app.APP_PAGES) {
  const { head, body } = splitHead(await app.renderAppPage(page.url));
  // Without a canonical link here, React adds one for the visitor's own address on hydration.
  const kept = page.canonical ? head : head.filter((tag) => !tag.startsWith('<link rel="canonical"'));
  const html = preloadPage(appPageTemplate, page.page)
    // The page's own title and description take the place of index.html's defaults.
    .replace(defaultMeta, (_tag, name) => (name === 'title' ? `\n    ${kept.join('\n    ')}` : ''))
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="">${body}</div>`);
  writeFileSync(path.join(dist, 'pages', 'app', `${page.file}.html`), html);
}

rmSync(siteTemplateFile);
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
rmSync(ssrOut, { recursive: true, force: true });
console.info(
  `prerendered ${site.pages.length} public pages and ${app.APP_PAGES.length} of the app's into ${path.relative(process.cwd(), path.join(dist, 'pages'))}`,
);
