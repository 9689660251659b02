/**
 * The first script a page runs (a classic, deferred one; built on its own by `shapeFirstLoad` in
 * vite.config.ts): it starts the page's module script once the page shows its main picture, the
 * one loaded with high priority (or at once when there is none). A public page is whole without
 * its script, rendered on the server, so the script's download no longer competes with the
 * picture's and its evaluation no longer stands between the picture and the screen; hydration
 * starts right after (decision 075).
 */
const entry = document.currentScript?.dataset.entry;

function start(): void {
  if (!entry) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

/** Two frames later: the frame that paints the picture has been shown. */
function afterPaint(): void {
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
}

// Without a main picture there is nothing to wait for: the script starts at once (before the
// page's load event, as a module script of the page would).
const main = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (!main) start();
else if (main.complete) afterPaint();
else {
  main.addEventListener('load', afterPaint, { once: true });
  main.addEventListener('error', afterPaint, { once: true });
}
export {};
