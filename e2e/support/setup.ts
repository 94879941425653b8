// After every browser test: no page reported a Content-Security-Policy violation (the policy
// must let the shell load its remotes, styles and images, and nothing else).
import { closeOpenBrowsers, cspViolations } from './browser';

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});

// A test that failed half way leaves its browser open: closed here, so jest can exit.
afterAll(closeOpenBrowsers);
