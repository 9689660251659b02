/**
 * The page readers get while the database is away: a 503 in words, which retries by itself (a
 * refresh after a few seconds) so the reader lands on the real page once the database is back.
 */
export function unavailablePage(): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta http-equiv="refresh" content="10"><meta name="robots" content="noindex">',
    '<title>Back in a moment</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">',
    '<h1>We will be back in a moment</h1>',
    '<p>The news cannot be loaded right now because of a brief technical problem on our side.',
    ' This page tries again by itself; you can also reload it in a few seconds.</p>',
    '</body></html>',
  ].join('');
}
