import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@portal/ui/router';
import '@portal/ui/styles.css';
import './shell.css';
import { App } from './App';

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in slices, yielding to the browser between them,
// instead of one long task that keeps a phone from answering a tap.
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});
