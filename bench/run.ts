import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresAnswers } from '../tests/processes';
import { runApiBench, CONNECTIONS, type ApiRun, type Backend } from './api';
import { runBundleBench } from './bundle';
import { checkStaticDelivery, runPageLoadBench, THROTTLING } from './pageload';

/**
 * `npm run bench`: bundle sizes, static delivery, page load and API load, against a production build and
 * the real server with fresh databases. Prints tables, writes bench/results.json and the figures section
 * of BENCHMARKS.md. Figures are reported, never asserted.
 *
 * Environment: BENCH_SIZES (default "10000,100000"), BENCH_QUICK=1 (short runs), BENCH_ONLY
 * (comma list of bundle, static, pageload, api), BENCH_BACKENDS (default "pglite,postgres"),
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres; skipped when unreachable), BENCH_SCENARIOS
 * (comma list of words: only the API scenarios whose names contain one, e.g. "dashboard"), BENCH_PROCESSES=2
 * (PostgreSQL API runs on one process and on two behind a round-robin, side by side).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.env.BENCH_QUICK === '1';
const only = new Set((process.env.BENCH_ONLY || 'bundle,static,pageload,api').split(','));
// The API targets are for PostgreSQL at 100,000 products; PGlite and other sizes on request.
const sizes = (process.env.BENCH_SIZES || '100000').split(',').map(Number);
const backends = (process.env.BENCH_BACKENDS || 'postgres').split(',') as Backend[];
const postgresUrl = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSec = Number(process.env.BENCH_DURATION) || (quick ? 3 : 6);
/** 2: the PostgreSQL API runs go through a round-robin in front of one and then two server processes. */
const processes = Number(process.env.BENCH_PROCESSES) || 1;
const pageRuns = quick ? 3 : 5;

export const TARGETS = {
  /** JavaScript the browser downloads during the whole load over HTTPS (brotli, as phones get it). */
  homeJsBrotliKB: 130,
  productJsBrotliKB: 160,
  /** The same home-page load asking for gzip only. */
  homeJsGzipKB: 145,
  homeCssGzipKB: 30,
  lcpMs: 1800,
  lcpStretchMs: 1500,
  cls: 0.05,
  tbtMs: 150,
  /** p99 on PostgreSQL with 100,000 products. */
  catalogueP99Ms: 30,
  searchP99Ms: 60,
  suggestP99Ms: 20,
  cartP99Ms: 80,
  /** The dashboard at 100,000 products and a million orders, at the few connections staff make. */
  dashboardP99Ms: 50,
  /** The staff's order list, searched and filtered, at a million orders (2 connections). */
  staffOrdersP99Ms: 50,
  /** A customer's own orders at a million orders (32 connections). */
  customerOrdersP99Ms: 30,
};

/**
 * p99 on PostgreSQL at 100,000 products before this round (same machine, 32 connections): no scenario may
 * get slower. A reference for the verdicts, not a figure of this run.
 */
export const BASELINE_P99_MS: Record<string, number> = {
  'product list (paged, sorted)': 41,
  'keyword search': 178,
  'filtered search': 76,
  'product detail': 27,
  'category list': 25,
  'add to cart': 134,
  'apply coupon': 96,
  'cash order': 202,
};

/** 1-minute load average when a part starts and ends (the machine is shared; figures follow it). */
const loadAvg = () => Math.round(os.loadavg()[0] * 10) / 10;

const log = (line = '') => console.log(line);
// vite build sets NODE_ENV=production in this process, and the server then insists on a real secret.
process.env.JWT_SECRET ||= randomBytes(32).toString('hex');
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main() {
  const started = Date.now();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    targets: TARGETS,
    settings: { quick, durationSec, connections: CONNECTIONS, pageRuns, throttling: THROTTLING },
  };
  const load: Record<string, { start: number; end: number }> = {};
  results.load = load;
  const part = async <T>(name: string, fn: () => Promise<T>) => {
    const start = loadAvg();
    const value = await fn();
    load[name] = { start, end: loadAvg() };
    return value;
  };

  if (only.has('bundle') || only.has('static') || only.has('pageload')) {
    log('Bundle (vite build → dist/)');
    const bundle = await part('bundle', () => runBundleBench(ROOT));
    results.bundle = bundle;
    for (const r of bundle.routes) {
      log(
        `  ${r.route.padEnd(14)} JS ${kb(r.js.raw)} KB raw, ${kb(r.js.gzip)} KB gzip, ${kb(r.js.brotli)} KB brotli | CSS ${kb(r.css.raw)} KB raw, ${kb(r.css.gzip)} KB gzip, ${kb(r.css.brotli)} KB brotli | ${r.files.length} files`,
      );
    }
    for (const i of bundle.isolation)
      log(
        `  ${i.name.padEnd(30)} ${i.chunks.length ? i.chunks.join(', ') : '(not bundled yet)'}${i.inHomeFirstLoad ? '  ← IN HOME FIRST LOAD' : ''}`,
      );
  }

  if (only.has('static')) {
    log('\nStatic delivery');
    const checks = await part('static', () => checkStaticDelivery(ROOT));
    results.static = checks;
    for (const c of checks.slice(0, 4))
      log(
        `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.file.padEnd(40)} cache-control: ${c.cacheControl}; content-encoding: ${c.contentEncoding}`,
      );
    log(`  ${checks.filter((c) => c.ok).length}/${checks.length} responses as intended`);
  }

  if (only.has('pageload')) {
    log(
      `\nPage load (median of ${pageRuns}, ${THROTTLING.cpuSlowdown}x CPU, ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downloadKbps / 1000} Mbit/s down)`,
    );
    results.pageload = await part('pageload', () => runPageLoadBench({ root: ROOT, runs: pageRuns, log }));
  }

  if (only.has('api')) {
    const runs: ApiRun[] = [];
    const pgOk = backends.includes('postgres') && (await postgresAnswers(postgresUrl));
    if (backends.includes('postgres') && !pgOk)
      log(`\nPostgreSQL at ${postgresUrl} does not answer: skipping its API runs`);
    for (const backend of backends) {
      if (backend === 'postgres' && !pgOk) continue;
      for (const products of sizes) {
        log(`\nAPI load (${CONNECTIONS} connections, ${durationSec} s per scenario)`);
        runs.push(
          await part(`api ${backend} ${products}`, () =>
            runApiBench({ backend, products, durationSec, postgresUrl, processes, log }),
          ),
        );
      }
    }
    results.api = runs;
  }

  results.totalSeconds = Math.round((Date.now() - started) / 1000);
  await fs.writeFile(path.join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFigures(results);
  log(`\nDone in ${results.totalSeconds} s: bench/results.json and BENCHMARKS.md updated.`);
}

/** Replaces the generated figures section of BENCHMARKS.md (between the two markers). */
async function writeFigures(results: Record<string, unknown>) {
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const START = '<!-- figures:start -->';
  const END = '<!-- figures:end -->';
  let doc = await fs.readFile(file, 'utf8').catch(() => `# Benchmarks\n\n${START}\n${END}\n`);
  if (!doc.includes(START)) doc += `\n${START}\n${END}\n`;
  const figures = renderFigures(results);
  doc = doc.slice(0, doc.indexOf(START) + START.length) + '\n' + figures + '\n' + doc.slice(doc.indexOf(END));
  await fs.writeFile(file, doc);
}

const by = (value: number, limit: number, unit: string) =>
  value <= limit
    ? `met (${Math.round((limit - value) * 1e4) / 1e4} ${unit} under)`
    : `**missed** by ${Math.round((value - limit) * 1e4) / 1e4} ${unit}`;

function renderFigures(results: Record<string, unknown>): string {
  const out: string[] = [];
  const m = results.machine as { cpus: number; cpu: string; memoryGB: number; node: string };
  const load = results.load as Record<string, { start: number; end: number }>;
  out.push(
    `Run of ${String(results.date).slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} × ${m.cpu}, ${m.memoryGB} GB, Node ${m.node}; ${results.totalSeconds} s in all, every figure below from this one run.`,
  );
  out.push(
    `Machine load (1-minute load average at the start → end of each part): ${Object.entries(load)
      .map(([k, v]) => `${k} ${v.start} → ${v.end}`)
      .join('; ')}.`,
  );
  /** Verdict rows for the summary at the top: target, figure, verdict. */
  const summary: string[] = [];

  const pages = results.pageload as Awaited<ReturnType<typeof runPageLoadBench>> | undefined;
  const bundle = results.bundle as Awaited<ReturnType<typeof runBundleBench>> | undefined;
  const api = results.api as ApiRun[] | undefined;
  const target = api?.find((r) => r.backend === 'postgres' && r.products === 100_000);
  const route = (p: { page: string; url: string }) => `${p.page} \`${p.url.replace(/[0-9a-f-]{36}/, '{id}')}\``;

  if (pages) {
    for (const p of pages) {
      summary.push(
        `| LCP ${route(p)} ≤ ${TARGETS.lcpMs} ms (stretch ${TARGETS.lcpStretchMs}) | ${p.lcp} ms | ${by(p.lcp, TARGETS.lcpMs, 'ms')}; stretch ${p.lcp <= TARGETS.lcpStretchMs ? 'met' : `missed by ${p.lcp - TARGETS.lcpStretchMs} ms`} |`,
      );
      summary.push(`| CLS ${route(p)} ≤ ${TARGETS.cls} | ${p.cls} | ${by(p.cls, TARGETS.cls, '')} |`);
      summary.push(`| TBT ${route(p)} ≤ ${TARGETS.tbtMs} ms | ${p.tbt} ms | ${by(p.tbt, TARGETS.tbtMs, 'ms')} |`);
    }
    const home = pages.find((p) => p.url === '/');
    const product = pages.find((p) => p.page === 'product detail');
    if (home)
      summary.push(
        `| Home JS during the whole load ≤ ${TARGETS.homeJsBrotliKB} KB brotli over HTTPS | ${home.jsTransferKB} KB | ${by(home.jsTransferKB, TARGETS.homeJsBrotliKB, 'KB')} |`,
        `| Home JS during the whole load ≤ ${TARGETS.homeJsGzipKB} KB gzip | ${home.jsGzip.transferKB} KB | ${by(home.jsGzip.transferKB, TARGETS.homeJsGzipKB, 'KB')} |`,
      );
    if (product)
      summary.push(
        `| Product page JS during the whole load ≤ ${TARGETS.productJsBrotliKB} KB brotli over HTTPS | ${product.jsTransferKB} KB | ${by(product.jsTransferKB, TARGETS.productJsBrotliKB, 'KB')} |`,
      );
  }
  if (bundle) {
    const home = bundle.routes[0];
    summary.push(
      `| Home first-load CSS ≤ ${TARGETS.homeCssGzipKB} KB gzip (build graph) | ${kb(home.css.gzip)} KB | ${by(kb(home.css.gzip), TARGETS.homeCssGzipKB, 'KB')} |`,
    );
  }
  if (target) {
    for (const s of target.scenarios) {
      const limit = {
        catalogue: TARGETS.catalogueP99Ms,
        search: TARGETS.searchP99Ms,
        suggest: TARGETS.suggestP99Ms,
        cart: TARGETS.cartP99Ms,
        dashboard: TARGETS.dashboardP99Ms,
        staffOrders: TARGETS.staffOrdersP99Ms,
        customerOrders: TARGETS.customerOrdersP99Ms,
      }[s.kind];
      const errors = s.errors + s.non2xx;
      const before = BASELINE_P99_MS[s.scenario];
      const was =
        before === undefined
          ? ''
          : `; before ${before} ms: ${s.p99 <= before ? 'not slower' : `**${s.p99 - before} ms slower**`}`;
      const at = s.connections === CONNECTIONS ? '' : `, ${s.connections} connections`;
      const orders = `${target.pastOrders / 1e6 >= 1 ? `${target.pastOrders / 1e6}M` : `${target.pastOrders / 1000}k`} orders`;
      summary.push(
        `| API p99 ${s.scenario} ≤ ${limit} ms (PostgreSQL, 100k products, ${orders}${at}) | ${s.p99} ms${errors ? `, ${errors} errors` : ''} | ${errors ? '**missed** (errors)' : by(s.p99, limit, 'ms')}${was} |`,
      );
    }
  }
  if (summary.length) out.push('', '### Targets', '', '| Target | This run | Verdict |', '|---|---|---|', ...summary);

  if (pages) {
    out.push(
      '',
      `### Page load (median of ${pages[0]?.runs.length ?? 0} cold loads, ${THROTTLING.cpuSlowdown}× CPU, ${THROTTLING.latencyMs} ms RTT, ${THROTTLING.downloadKbps / 1000} Mbit/s)`,
      '',
      `| Page | LCP (≤ ${TARGETS.lcpMs} ms) | CLS (≤ ${TARGETS.cls}) | TBT (≤ ${TARGETS.tbtMs} ms) | FCP | Requests | Transferred | LCP element |`,
      '|---|---|---|---|---|---|---|---|',
    );
    for (const p of pages) {
      const mark = (v: number, t: number) => (v <= t ? `${v}` : `**${v}**`);
      out.push(
        `| ${route(p)} | ${mark(p.lcp, TARGETS.lcpMs)} ms | ${mark(p.cls, TARGETS.cls)} | ${mark(p.tbt, TARGETS.tbtMs)} ms | ${p.fcp} ms | ${p.requests} | ${p.transferKB} KB | \`${p.lcpElement}\` |`,
      );
    }
    out.push(
      '',
      'LCP of each run: ' + pages.map((p) => `${p.page} ${p.runs.map((r) => r.lcp).join(', ')} ms`).join('; ') + '.',
    );
    out.push(
      '',
      '### JavaScript the browser downloads during the whole load (network events, until network idle + 1.5 s)',
      '',
      '| Page | gzip on the wire | Brotli over HTTPS | Files (gzip load) |',
      '|---|---|---|---|',
    );
    for (const p of pages) {
      out.push(
        `| ${route(p)} | ${p.jsGzip.transferKB} KB | ${p.jsTransferKB} KB | ${p.jsGzip.files.map((f) => `\`${path.basename(f.file)}\` ${kb(f.transfer)}`).join(', ')} |`,
      );
    }
  }

  if (bundle) {
    out.push(
      '',
      '### Bundle: first load per route by the build graph (static imports; for reference, the budget is the network figure above)',
      '',
      '| Route | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli | Files |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const r of bundle.routes) {
      out.push(
        `| \`${r.route}\` | ${kb(r.js.raw)} KB | ${kb(r.js.gzip)} KB | ${kb(r.js.brotli)} KB | ${kb(r.css.raw)} KB | ${kb(r.css.gzip)} KB | ${kb(r.css.brotli)} KB | ${r.files.length} |`,
      );
    }
    out.push('', "| Code | Chunks | In the home route's first load |", '|---|---|---|');
    for (const i of bundle.isolation)
      out.push(
        `| ${i.name} | ${i.chunks.length ? i.chunks.map((c) => `\`${path.basename(c)}\``).join(', ') : 'not imported yet'} | ${i.inHomeFirstLoad ? '**yes**' : 'no'} |`,
      );
  }

  const checks = results.static as Awaited<ReturnType<typeof checkStaticDelivery>> | undefined;
  if (checks) {
    out.push(
      '',
      '### Static delivery',
      '',
      '| Response | Cache-Control | Content-Encoding | As intended |',
      '|---|---|---|---|',
    );
    for (const c of checks.slice(0, 4))
      out.push(`| \`${c.file}\` | \`${c.cacheControl}\` | ${c.contentEncoding || '—'} | ${c.ok ? 'yes' : '**no**'} |`);
    out.push(
      '',
      `${checks.filter((c) => c.ok).length} of ${checks.length} checked responses (index.html, the SPA fallback and every asset index.html references) as intended.`,
    );
  }

  if (api?.length) {
    out.push('', `### API under load (${CONNECTIONS} connections, loopback)`, '');
    out.push(
      '| Scenario | ' +
        api
          .map(
            (r) =>
              `${r.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${r.products / 1000}k: req/s · p50 · p99 · errors`,
          )
          .join(' | ') +
        ' |',
    );
    out.push('|---|' + api.map(() => '---').join('|') + '|');
    for (const [i, s] of api[0].scenarios.entries()) {
      out.push(
        `| ${s.scenario} | ` +
          api
            .map((r) => {
              const x = r.scenarios[i];
              return x ? `${x.rps} · ${x.p50} ms · ${x.p99} ms · ${x.errors + x.non2xx}` : '—';
            })
            .join(' | ') +
          ' |',
      );
    }
    for (const r of api.filter((run) => run.twoProcesses)) {
      out.push(
        '',
        `**PostgreSQL ${r.products / 1000}k, one process and two behind a round-robin (${r.twoProcesses!.roundRobin}):**`,
        '',
      );
      out.push('| Scenario | 1 process: req/s · p99 | 2 processes: req/s · p99 | Ratio |', '|---|---|---|---|');
      for (const [i, s] of r.scenarios.entries()) {
        const two = r.twoProcesses!.scenarios[i];
        out.push(
          `| ${s.scenario} | ${s.rps} · ${s.p99} ms | ${two.rps} · ${two.p99} ms | ×${(two.rps / Math.max(1, s.rps)).toFixed(2)} |`,
        );
      }
    }
    out.push(
      '',
      'Data of each run (generated fresh): ' +
        api
          .map(
            (r) =>
              `${r.backend} ${r.products.toLocaleString('en')} products, ${r.pastOrders.toLocaleString('en')} past orders (about 2.5 lines each, over three years) of ${r.customers.toLocaleString('en')} customers, in ${(r.generateMs / 1000).toFixed(1)} s`,
          )
          .join('; ') +
        '. The cash orders run while two staff connections read the dashboard and two search the orders.',
    );
    if (target) {
      out.push(
        '',
        '<details><summary>Query plans of the catalogue, dashboard and order reads (PostgreSQL, 100,000 products, EXPLAIN ANALYZE of the statements the server ran)</summary>',
        '',
      );
      for (const p of target.plans)
        out.push(
          `**${p.name}** — \`${p.sql.slice(0, 160)}${p.sql.length > 160 ? '…' : ''}\``,
          '',
          '```',
          p.plan,
          '```',
          '',
        );
      out.push('</details>');
    }
  }
  return out.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
