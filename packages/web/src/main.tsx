import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { clearSessionHint } from './lib/session-hint';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.dataset.prerendered !== undefined) {
  // A signed-out page prerendered at build (scripts/prerender.mjs: /login, a sign-in link, an
  // invitation), which the server sends only when no session cookie came with the request: any session
  // hint is stale, and the first render, signed out, matches the HTML.
  clearSessionHint();
  hydrateRoot(root, app);
} else {
  // index.html carries a default title and description for the first paint; each page sets its own.
  for (const element of document.querySelectorAll('[data-default-meta]')) element.remove();
  createRoot(root).render(app);
}
