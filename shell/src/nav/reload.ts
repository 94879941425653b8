/** Loads `path` afresh: nothing of the page before (its SWR cache, the remotes' state) survives. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
