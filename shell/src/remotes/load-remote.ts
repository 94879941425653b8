import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Role } from '@portal/contracts';
import { isInHome } from '@portal/auth/home';

export type RemoteName = 'admin' | 'parent';
/** What a remote exposes: its whole app, or (the admin remote) the gala's door alone. */
export type RemoteModule = 'App' | 'Door';

/** Which remote and module each role's pages mount: a door volunteer gets the admin remote's door only. */
const ROLE_APPS: Record<Role, { name: RemoteName; module: RemoteModule }> = {
  admin: { name: 'admin', module: 'App' },
  parent: { name: 'parent', module: 'App' },
  door: { name: 'admin', module: 'Door' },
};
type RemoteUrls = Record<RemoteName, string>;

/** Module Federation names: a container named `parent` would collide with `window.parent`. */
const FEDERATION_NAMES: Record<RemoteName, string> = { admin: 'portal_admin', parent: 'portal_parent' };

let urls: Promise<RemoteUrls> | null = null;
const registered = new Set<RemoteName>();

/**
 * Where each remote's entry lives, read at run time so a remote redeploys on its own: from the
 * page itself, where the server wrote it (<meta name="portal-remotes">), else from /remotes.json.
 */
function remoteUrls(): Promise<RemoteUrls> {
  const written = document.querySelector('meta[name="portal-remotes"]')?.getAttribute('content');
  if (written) {
    try {
      return Promise.resolve(JSON.parse(written) as RemoteUrls);
    } catch {
      // Not JSON: asked of the server below.
    }
  }
  urls ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
      return response.json() as Promise<RemoteUrls>;
    })
    .catch((error: unknown) => {
      urls = null;
      throw error;
    });
  return urls;
}

/** The load under way or done, by remote and module: the page's early start and the app's mount share it. */
const loads = new Map<string, Promise<{ default: ComponentType }>>();

/** Loads a remote's `./App` or other module (once). A retry registers the remote again, dropping what failed. */
export function loadRemoteApp(name: RemoteName, retry: boolean, module: RemoteModule = 'App'): Promise<{ default: ComponentType }> {
  const key = `${name}/${module}`;
  const known = retry ? undefined : loads.get(key);
  if (known) return known;
  const load = loadFresh(name, retry, module);
  loads.set(key, load);
  // A failed load is not kept: the next try starts anew.
  load.catch(() => loads.get(key) === load && loads.delete(key));
  return load;
}

async function loadFresh(name: RemoteName, retry: boolean, module: RemoteModule): Promise<{ default: ComponentType }> {
  const entry = new URL((await remoteUrls())[name], window.location.href).href;
  if (retry || !registered.has(name)) {
    registerRemotes([{ name: FEDERATION_NAMES[name], entry }], { force: registered.has(name) });
    registered.add(name);
  }
  const remote = await loadRemote<{ default: ComponentType }>(`${FEDERATION_NAMES[name]}/${module}`);
  if (!remote?.default) throw new Error(`${name}/${module} could not be loaded`);
  return remote;
}

/**
 * On a returning user's own pages (by the role hint), starts loading their app at once, beside
 * the shell's first render instead of after it: the app is then ready when the shell mounts it.
 */
export function startRemoteForPage(role: Role | null, path: string): void {
  if (!role || !isInHome(role, path)) return;
  const { name, module } = ROLE_APPS[role];
  loadRemoteApp(name, false, module).catch(() => undefined);
}
