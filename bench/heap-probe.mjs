// Loaded into a benchmark's server (node --expose-gc --import): on the message "heap" from its
// parent, collects garbage and answers what memory the process holds.
process.on('message', (message) => {
  if (message !== 'heap') return;
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ rss, heapUsed, external, arrayBuffers });
});
