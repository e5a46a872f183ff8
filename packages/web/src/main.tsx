import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// index.html carries a default title and description for the first paint; each page now sets its own.
for (const element of document.querySelectorAll('[data-default-meta]')) element.remove();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
