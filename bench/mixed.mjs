// The mixed run of `npm run bench -- --mixed`: readers and an admin writing at once.
import autocannon from 'autocannon';
import sharp from 'sharp';

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function json(response) {
  return { status: response.status, body: await response.json() };
}

/** One news write through the admin API, with a freshly made JPEG (processed by the server). */
async function writeNews(base, headers, taxonomy, n) {
  const image = await sharp({
    create: { width: 800, height: 450, channels: 3, background: { r: n % 255, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const fields = {
    title: `Bench write number ${n} under load`,
    slug: `bench-write-${n}-${Date.now()}`,
    metaDescription: 'Written by the benchmark while readers load the site.',
    description: `<p>${'A paragraph written by the benchmark. '.repeat(20)}</p>`,
    alt: 'Benchmark image',
    tags: 'bench',
    status: 'true',
    categoryId: taxonomy.categoryId,
    publisherId: taxonomy.publisherId,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([image], { type: 'image/jpeg' }), 'bench.jpg');
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/news/create`, {
    method: 'POST',
    headers,
    body: form,
  });
  const ms = performance.now() - started;
  const { status, body } = await json(response);
  return { ms, ok: status === 200, id: body.data?._id, title: fields.title };
}

export async function runMixed({ server, targets, seconds, readers, writesPerSecond }) {
  const { base } = server;
  const headers = await server.adminHeaders();
  const categories = (await json(await fetch(`${base}/api/v1/u/category-list`))).body.data;
  const publishers = (await json(await fetch(`${base}/api/v1/publisher/get`, { headers }))).body
    .data;
  const taxonomy = { categoryId: categories[0]._id, publisherId: publishers[0]._id };
  const article = (await json(await fetch(`${base}/api/v1/u/get?limit=1`))).body.data[0];
  const viewsOf = async () =>
    (await json(await fetch(`${base}/api/v1/news/get/${article._id}`, { headers }))).body.data
      .views;
  const viewsBefore = await viewsOf();

  console.log(
    `${seconds}s: ${readers} readers on home, article and list API (accepting br and gzip, as browsers do); ${writesPerSecond} admin writes/s (each with an 800x450 JPEG)\n`,
  );
  const share = Math.floor(readers / 3);
  const readerRuns = Object.entries(targets).map(([name, url], index) =>
    autocannon({
      url: base + url,
      connections: index === 0 ? readers - 2 * share : share,
      duration: seconds,
      headers: { 'accept-encoding': 'br, gzip' },
    }).then((result) => ({ name, result })),
  );

  const writes = [];
  const pending = [];
  let n = 0;
  // --writes 0 measures readers alone.
  const timer = setInterval(
    () => {
      if (writesPerSecond === 0) return;
      n += 1;
      pending.push(
        writeNews(base, headers, taxonomy, n).then(
          (w) => writes.push(w),
          () => writes.push({ ok: false, ms: 0 }),
        ),
      );
    },
    1000 / Math.max(writesPerSecond, 1),
  );
  const reads = await Promise.all(readerRuns);
  clearInterval(timer);
  await Promise.all(pending);

  let readerErrors = 0;
  let articleReads = 0;
  let articleSent = 0;
  const latencies = { p50: [], p99: [] };
  for (const { name, result } of reads) {
    readerErrors += result.errors + result.timeouts + result.non2xx;
    if (name === 'article') {
      articleReads = result['2xx'];
      articleSent = result.requests.sent;
    }
    latencies.p50.push(result.latency.p50);
    latencies.p99.push(result.latency.p99);
    console.log(
      `readers ${name.padEnd(8)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  errors ${result.errors + result.timeouts + result.non2xx}`,
    );
  }
  const ms = writes
    .filter((w) => w.ok)
    .map((w) => w.ms)
    .sort((a, b) => a - b);
  console.log(
    `admin writes     ${writes.length} sent, ${ms.length} ok  p50 ${percentile(ms, 50).toFixed(0)} ms  p99 ${percentile(ms, 99).toFixed(0)} ms  errors ${writes.length - ms.length}`,
  );

  // Views are written within a second; the admin reads them back 2 s after the load, then
  // every half second for up to 10 s more, to tell a late count from a lost one.
  // Requests still in flight when the load stops are counted by the server but not answered
  // to autocannon: the count is exact when it lies between the answered and the sent requests.
  const isExact = (n) => n >= articleReads && n <= articleSent;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const counted = (await viewsOf()) - viewsBefore;
  let later = counted;
  let waited = 2;
  while (!isExact(later) && later < articleReads && waited < 12) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    waited += 0.5;
    later = (await viewsOf()) - viewsBefore;
  }
  console.log(
    `views            ${articleReads} article pages answered, ${articleSent} sent, ${counted} views counted after 2 s: ${isExact(counted) ? 'exact' : `NOT EXACT (${later} after ${waited} s: ${isExact(later) ? 'exact, late' : 'lost'})`}`,
  );
  let readBack = 0;
  for (const w of writes.filter((item) => item.ok)) {
    const got = await json(await fetch(`${base}/api/v1/news/get/${w.id}`, { headers }));
    if (got.status === 200 && got.body.data.title === w.title) readBack += 1;
  }
  console.log(
    `writes read back ${readBack} of ${ms.length} acknowledged: ${readBack === ms.length ? 'all' : 'SOME MISSING'}`,
  );
  console.log(
    `reader errors    ${readerErrors}; reader p50/p99 above are per target (goal p99 ≤ 50 ms, writes p99 ≤ 250 ms)`,
  );
}
