import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';

export interface RemoteRoutesProps {
  /** Each route the remote owns: its path (from remote-list/remotes.json) and its page. */
  routes: ReadonlyArray<readonly [path: string, page: ReactElement]>;
}

/**
 * A remote's own router (docs/CONTRACT.md): it renders the page of the route it owns, and nothing
 * for every other path, which belongs to another remote or to the shell.
 */
export function RemoteRoutes({ routes }: RemoteRoutesProps) {
  return (
    <BrowserRouter>
      <Routes>
        {routes.map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
