import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './router';

export function App() {
  // Made on the first render, not at import: the prerender (app/entry-server.tsx) imports the routes in
  // Node, where there is no browser history.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
