// The page's first script, loaded `async` from the HTML's head, before the shell's code (which
// must wait for every shared library it imports). For a returning signed-in user it starts what
// the role's first screen needs, so code and data arrive side by side instead of one after
// another: the role's app is preloaded, and its first data too, unless the API wrote its answers
// into the page (<script id="portal-first-data">; the app reads them there, through
// @portal/api-client/early). A data preload is a `fetch` preload with the session cookie, which
// the browser hands to the app's own request for the same URL. It reads the role hint cookie the
// API sets beside the session, and what the server wrote into the HTML: where each remote's entry
// lives (<meta name="portal-remotes">) and the hashed first files of each remote it serves
// (<meta name="portal-preload">).
//
// Built on its own, with no imports (tools/rspack-assets.ts): the role hint cookie's name, what each
// role reads first, the preload-failure mark and the portal's locale and time zone
// (@portal/contracts, @portal/format) are written in at build.
declare const __ROLE_HINT_COOKIE__: string;
declare const __FIRST_DATA__: Record<string, { all: string[]; home: string[] }>;
declare const __FIRST_DATA_ELEMENT_ID__: string;
declare const __PRELOAD_FAILED_ATTRIBUTE__: string;
declare const __LOCALE__: string;
declare const __TIME_ZONE__: string;

(() => {
  // The answers the server wrote into the page (none where a static server sent it).
  let written: Record<string, unknown> = {};
  try {
    written = JSON.parse(document.getElementById(__FIRST_DATA_ELEMENT_ID__)?.textContent ?? '{}') as typeof written;
  } catch {
    // Unreadable: everything is asked of the API below.
  }
  const preload = (href: string, as: string) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    if (as === 'fetch') link.setAttribute('crossorigin', 'use-credentials');
    // Chrome answers the page's next request for a file whose preload failed with that failure:
    // the shell's 'Reintentar' then reloads the page instead of retrying in place.
    else link.onerror = () => document.documentElement.setAttribute(__PRELOAD_FAILED_ATTRIBUTE__, '');
    document.head.appendChild(link);
  };
  const meta = (name: string): Record<string, unknown> => {
    try {
      return JSON.parse(document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const ask = (url: string) => {
    if (!written || !Object.prototype.hasOwnProperty.call(written, url)) preload(url, 'fetch');
  };
  // Public and the same for everyone: the contact details in the footer and the menus.
  ask('/api/config');

  // A public page prerendered at build time lists the shell's code instead of loading it
  // (tools/rspack.ts codeAfterPaint): it is asked for once the page has loaded and painted, in
  // order, so the HTML, its CSS and its image come first on a phone's line.
  const code = meta('portal-scripts') as { run?: unknown; preload?: unknown };
  if (Array.isArray(code.run)) {
    const run = code.run as string[];
    const preloads = Array.isArray(code.preload) ? (code.preload as string[]) : [];
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      for (const href of preloads) preload(href, 'script');
      for (const src of run) {
        const script = document.createElement('script');
        script.src = src;
        // Run in the listed order, as the `defer` scripts they replace.
        script.async = false;
        document.head.appendChild(script);
      }
    };
    // Once the page has loaded (its image included) and its text is on screen (its first
    // contentful paint: a busy phone's first paint can be the background alone); a tab that
    // paints nothing (in the background) starts after 2 s all the same.
    const afterPaint = () => {
      setTimeout(start, 2000);
      try {
        new PerformanceObserver((list, observer) => {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          setTimeout(start);
        }).observe({ type: 'paint', buffered: true });
      } catch {
        start();
      }
    };
    if (document.readyState === 'complete') afterPaint();
    else window.addEventListener('load', afterPaint, { once: true });
  }

  const role = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === __ROLE_HINT_COOKIE__)?.[1];
  const firstData = __FIRST_DATA__;
  const data = role && Object.prototype.hasOwnProperty.call(firstData, role) ? firstData[role] : undefined;
  if (!role || !data) return;
  ask('/api/user');

  const home = `/${role}`;
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  if (path !== home && !path.startsWith(`${home}/`)) return;
  // The remote's entry when the server gave it by its content's hash (`?v=`): an entry the browser
  // must revalidate at each visit would then be asked for twice. Then its first files.
  const entry = meta('portal-remotes')[role];
  const listed = meta('portal-preload')[role];
  const versioned = typeof entry === 'string' && /[?&]v=/.test(entry);
  const files = [...(versioned ? [entry] : []), ...(Array.isArray(listed) ? (listed as string[]) : [])];
  for (const href of files) preload(href, href.endsWith('.css') ? 'style' : 'script');
  for (const url of data.all) ask(url);
  if (path === home) for (const url of data.home) ask(url);
  // The first screen writes dates and quetzales, and the browser loads its locale and time-zone
  // data on the first Intl formatter (~20 ms of a phone's main thread): load them now, in a task
  // of their own, while the page waits for its code, instead of inside the first render.
  setTimeout(() => new Intl.DateTimeFormat(__LOCALE__, { timeZone: __TIME_ZONE__ }).format(0));
})();
