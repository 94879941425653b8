// The shell's public pages as HTML, rendered at build time in Node (tools/rspack.ts builds this
// file for Node and writes shell/dist/pages/*.html): the landing page, /auth and the 404 page
// paint from the HTML before any JavaScript, and the browser then hydrates them. What depends on
// the API (the configuration, the user) is not there yet in either render, so they match.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
// The server router has no client twin in the shared module: imported from the library itself.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { StaticRouter } from 'react-router-dom';
import { App } from './App';

/** The pages rendered, by the file they are written to. */
export const PAGES = { index: '/', auth: '/auth', '404': '/404' } as const;

export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
