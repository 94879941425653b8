// The page hands the service worker each app's page once, whatever route showed the app first
// (a sign-in, a tap), so that app opens with no connection in a new tab.
import { appPage, keepAppPage, registerServiceWorker } from './register';

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

it('names the app page a route belongs to', () => {
  expect(['/parent', '/parent/fiesta', '/admin/fiesta', '/door', '/auth', '/', '/parents'].map(appPage)).toEqual([
    '/parent',
    '/parent',
    '/admin',
    '/door',
    null,
    null,
    null,
  ]);
});

/** The page's idle callbacks, run when the test says the page is idle. */
const idle: Array<() => void> = [];

beforeEach(() => {
  idle.length = 0;
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    value: (callback: () => void) => idle.push(callback),
  });
});

function workerMock() {
  const postMessage = jest.fn();
  const registration = { active: { postMessage } };
  const register = jest.fn().mockResolvedValue(registration);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register, ready: Promise.resolve(registration) } });
  return { postMessage, register };
}

it('hands the worker each app’s page once per person, from any of its routes', async () => {
  const { postMessage } = workerMock();
  window.history.replaceState(null, '', '/auth');
  // Asked before the worker is registered: handed over once it is.
  keepAppPage('/parent', 1);
  registerServiceWorker();
  idle.splice(0).forEach((callback) => callback());
  await flushPromises();
  keepAppPage('/parent/fiesta', 1);
  keepAppPage('/parent/pagos', 1);
  await flushPromises();
  const sent = () => postMessage.mock.calls.map(([message]) => (message as { urls: string[] }).urls);
  expect(sent()).toEqual([['/auth'], ['/parent']]);
  // Someone else signs in on the same page: their app page is handed over too.
  keepAppPage('/parent', 2);
  keepAppPage('/door', 2);
  await flushPromises();
  expect(sent()).toEqual([['/auth'], ['/parent'], ['/parent'], ['/door']]);
});

it('registers the worker and links the manifest only once the loaded page is idle', async () => {
  const { register } = workerMock();
  document.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
  registerServiceWorker();
  await flushPromises();
  expect(register).not.toHaveBeenCalled();
  expect(document.querySelector('link[rel="manifest"]')).toBeNull();
  idle.splice(0).forEach((callback) => callback());
  expect(register).toHaveBeenCalledWith('/sw.js', { updateViaCache: 'none' });
  expect(document.querySelector('link[rel="manifest"]')).not.toBeNull();
});
