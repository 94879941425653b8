// After every browser test: no page reported a Content-Security-Policy violation (the policy
// must let the shell load its remotes, styles and images, and nothing else).
import { cspViolations } from './browser';

afterEach(() => {
  expect(cspViolations.splice(0)).toEqual([]);
});
