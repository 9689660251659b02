/**
 * The import graph of a Vite build, read from its manifest (build.manifest: true): what a page
 * loads before it runs, and which of those files carry modules it must not load.
 */

/**
 * The output files loaded when `entries` (manifest keys) run: each entry's file and, through
 * static imports, every chunk it needs first. Dynamic imports load later and are not followed.
 */
export function firstLoadOf(manifest, entries) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry ${key}`);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return files;
}

/** Each loaded file's source module that matches a forbidden pattern. */
export function forbiddenIn(files, chunkModules, patterns) {
  const found = [];
  for (const file of files) {
    for (const module of chunkModules[file] ?? []) {
      if (patterns.some((pattern) => pattern.test(module))) found.push({ file, module });
    }
  }
  return found;
}
