/** Fills the page template's placeholders (see apps/web/index.html). */
export function fillTemplate(
  template: string,
  parts: { head?: string; html?: string; state?: string },
): string {
  return template
    .replace('<!--app-head-->', () => parts.head ?? '')
    .replace('<!--app-html-->', () => parts.html ?? '')
    .replace('<!--app-state-->', () => parts.state ?? '');
}

/** The page served when the web app has not been built: the API still works. */
export function notBuiltPage(missing: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">',
    '<h1>The web app has not been built</h1>',
    '<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then restart the server.',
    ' The API under <code>/api/v1</code> is available meanwhile.</p>',
    `<p style="color:#555">Missing: <code>${missing.replace(/[<>&]/g, '')}</code></p>`,
    '</body></html>',
  ].join('');
}
