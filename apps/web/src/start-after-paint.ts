/**
 * The first script a page runs (a classic, deferred one; built on its own by `shapeFirstLoad` in
 * vite.config.ts): it starts the page's module script once the page has shown its main picture,
 * the one loaded with high priority and marked `elementtiming="main-picture"` (at once when there
 * is none). A public page is whole without its script, rendered on the server, so the script's
 * download no longer competes with the picture's and its evaluation no longer stands between the
 * picture and the screen; hydration starts right after (decision 075).
 */
const entry = document.currentScript?.dataset.entry;
/** Longest wait for the picture to be shown (a picture that never loads, a hidden tab). */
const LONGEST_WAIT_MS = 3000;

let started = false;
function start(): void {
  if (started || !entry) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  document.head.append(script);
}

/**
 * A reader who acts before the app runs does not wait for the picture: the first click starts the
 * app at once. A click on a control only the app answers (the menu button, marked
 * `data-before-app` until the app has taken it over) is noted on it as `data-clicked`, and the app
 * answers it once it runs (public/layout/Header.tsx).
 */
document.addEventListener(
  'click',
  (event) => {
    const control = event.target instanceof Element && event.target.closest('[data-before-app]');
    if (control instanceof HTMLElement) control.dataset.clicked = '';
    start();
  },
  { capture: true },
);

const main = document.querySelector<HTMLImageElement>('img[elementtiming="main-picture"]');
if (!main || typeof PerformanceObserver === 'undefined') start();
else {
  // The element timing entry is written once the frame showing the picture has been presented.
  const shown = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'image-paint')) return;
    shown.disconnect();
    setTimeout(start);
  });
  try {
    shown.observe({ type: 'element', buffered: true });
  } catch {
    start();
  }
  main.addEventListener('error', start, { once: true });
  setTimeout(start, LONGEST_WAIT_MS);
}

export {};
