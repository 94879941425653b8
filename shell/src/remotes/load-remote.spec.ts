// Loading a remote's app: one load shared by the page's early start and the app's mount, a failed
// load tried anew, and an early start only on the hinted role's own pages.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type * as loadRemoteModule from './load-remote';
import { loadRemoteApp, startRemoteForPage } from './load-remote';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const App = () => null;
const loaded = loadRemote as jest.Mock;

beforeAll(() => {
  document.head.innerHTML =
    '<meta name="portal-remotes" content="{&quot;admin&quot;:&quot;/remotes/admin/remoteEntry.js&quot;,&quot;parent&quot;:&quot;/remotes/parent/remoteEntry.js&quot;}">';
});
beforeEach(() => loaded.mockReset());

it('loads a remote once for the early start and the mount', async () => {
  loaded.mockResolvedValue({ default: App });
  startRemoteForPage('parent', '/parent/pagos');
  expect((await loadRemoteApp('parent', false)).default).toBe(App);
  expect(loaded.mock.calls).toEqual([['portal_parent/App']]);
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'portal_parent', entry: 'http://localhost/remotes/parent/remoteEntry.js' }], {
    force: false,
  });
});

it('tries a failed load anew, and loads again on a retry', async () => {
  loaded.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: App });
  await expect(loadRemoteApp('admin', false)).rejects.toThrow('offline');
  await expect(loadRemoteApp('admin', false)).resolves.toEqual({ default: App });
  await loadRemoteApp('admin', true);
  expect(loaded).toHaveBeenCalledTimes(3);
  expect(registerRemotes).toHaveBeenLastCalledWith(expect.anything(), { force: true });
});

it('starts early only on the hinted role’s own pages', async () => {
  // A fresh copy of the module: nothing loaded yet by the tests above.
  let fresh!: typeof loadRemoteModule;
  jest.isolateModules(() => (fresh = jest.requireActual<typeof loadRemoteModule>('./load-remote')));
  loaded.mockResolvedValue({ default: App });
  for (const [role, path] of [
    [null, '/parent'],
    ['parent', '/admin'],
    ['parent', '/parental'],
    ['admin', '/'],
  ] as const)
    fresh.startRemoteForPage(role, path);
  fresh.startRemoteForPage('admin', '/admin/');
  await fresh.loadRemoteApp('admin', false);
  expect(loaded.mock.calls).toEqual([['portal_admin/App']]);
});

it("starts a door volunteer's page with the admin remote's door module alone, never its panel", async () => {
  let fresh!: typeof loadRemoteModule;
  jest.isolateModules(() => (fresh = jest.requireActual<typeof loadRemoteModule>('./load-remote')));
  loaded.mockResolvedValue({ default: App });
  fresh.startRemoteForPage('door', '/admin');
  fresh.startRemoteForPage('door', '/door');
  await fresh.loadRemoteApp('admin', false, 'Door');
  expect(loaded.mock.calls).toEqual([['portal_admin/Door']]);
});
