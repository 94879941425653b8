import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { keepWrittenAnswers, roleHint } from '@portal/api-client/early';
import { BrowserRouter } from '@portal/ui/router';
import '@portal/ui/styles.css';
import './shell.css';
import { App } from './App';
import { registerServiceWorker } from './pwa/register';
import { startRemoteForPage } from './remotes/load-remote';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
startRemoteForPage(roleHint(), window.location.pathname);
// The first data the server wrote into the page, in the cache before anything renders.
keepWrittenAnswers();
registerServiceWorker();
const container = document.getElementById('root')!;
// In a transition: React renders (or takes over) the first screen in slices, yielding to the
// browser between them, instead of one long task that keeps a phone from answering a tap.
if (container.hasChildNodes()) {
  // A public page prerendered at build time (shell/src/prerender.tsx): React takes over its HTML.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
