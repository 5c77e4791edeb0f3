import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/**
 * A page under test in a memory router opened at `path`: `routes` maps each route pattern to what
 * it shows (the page itself, and stand-ins for the pages it links to).
 */
export function routerAt(path: string, routes: Record<string, ReactNode>) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {Object.entries(routes).map(([pattern, element]) => (
          <Route key={pattern} path={pattern} element={element} />
        ))}
      </Routes>
    </MemoryRouter>
  );
}
