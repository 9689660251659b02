// Time of one admin write with an image, one request at a time (no concurrent load):
//   node bench/image-write.mjs [--writes 20]   (run `npm run build` first)
// Each write sends a different photo-like 800x450 JPEG (gradients and grain, about 50 KB), the
// size of the mixed run's uploads but as costly to encode as a real photograph.
// Figures are for this machine at this moment; tests never assert them.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { random } from './random.mjs';
import { startServer } from './server-process.mjs';

const { values } = parseArgs({ options: { writes: { type: 'string', default: '20' } } });
const writes = Math.min(Number(values.writes), 200);

/** A photo-like JPEG: smooth colour changes under fine grain, as a camera gives. */
async function photo(seed, width = 800, height = 450) {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const grain = next() * 40;
      pixels[at] = ((x / width) * 215 + grain) | 0;
      pixels[at + 1] = ((y / height) * 215 + grain) | 0;
      pixels[at + 2] = (((x + y + seed * 37) % 256) * 0.8 + grain / 2) | 0;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const server = await startServer();
try {
  const headers = await server.adminHeaders();
  const get = async (path) => (await (await fetch(server.base + path, { headers })).json()).data;
  const [category] = await get('/api/v1/u/category-list');
  const [publisher] = await get('/api/v1/publisher/get');
  const times = [];
  for (let n = 1; n <= writes; n++) {
    const image = await photo(n);
    const form = new FormData();
    const fields = {
      title: `Timed write number ${n} with a photograph`,
      slug: `timed-write-${n}-${Date.now()}`,
      metaDescription: 'Written by the image write benchmark.',
      description: `<p>${'A paragraph written by the benchmark. '.repeat(20)}</p>`,
      alt: 'Benchmark photograph',
      tags: 'bench',
      status: 'true',
      categoryId: category._id,
      publisherId: publisher._id,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const response = await fetch(`${server.base}/api/v1/news/create`, {
      method: 'POST',
      headers,
      body: form,
    });
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`write ${n}: ${(await response.json()).message}`);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  console.log(
    `${writes} sequential admin creates with an 800x450 photo-like JPEG: ` +
      `mean ${mean.toFixed(0)} ms, p50 ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
  );
} finally {
  await server.stop();
}
