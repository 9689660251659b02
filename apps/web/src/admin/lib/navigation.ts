/**
 * A full page load of `path`, so the client entry decides again which app owns the page
 * (after signing in or out). One place, so tests can observe it.
 */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
