/**
 * Side-by-side benchmark against SurveyJS (issue 60): the renderer bench's generated form (20
 * groups, 30 display conditions, mixed types) at 100, 300 and 1,000 items, opened by this product
 * (the real server, a signed-in session, `/survey/<id>`) and by SurveyJS 3 on React 19 (a local
 * copy, bench/surveyjs-page.ts) in headless Chromium at 412×823, ja-JP. Every load is a fresh,
 * cold context (no HTTP cache, no service worker); the renderers alternate (P, S, P, S…), one
 * unmeasured warm-up pair per size, then RUNS measured pairs; medians. Per renderer:
 * - lastPaintedMs: navigation start → the frame with the last item in it has painted;
 * - interactiveMs: navigation start → the form responds to input: the product's
 *   `[data-testid="survey-form"][data-interactive="true"]` (set in an effect, so only once React
 *   owns the page, after hydration too); SurveyJS's onAfterRenderSurvey fired (its React component
 *   mounted the whole survey) and the last question present, whichever is later;
 * - firstQuestionMs: navigation start → the first question's label painted;
 * and the ratios SurveyJS / product. Then the same at 300 items on Slow 4G with a 4× slower CPU.
 * Goals (issue 60): painted ≥ 5× and interactive ≥ 3× sooner at 300 and 1,000 items, and on Slow
 * 4G the first question readable within 1.5 s. See docs/benchmarks-surveyjs.md.
 */
import { chromium, type Browser } from '@playwright/test';
import { startTestServer } from '../tests/server/harness';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { importBundle } from '../server/forms/import';
import { buildIfStale } from '../server/cli/build';
import { median, r1 } from './lib';
import { generateForm } from './renderer.bench';
import { toSurveyJs } from './surveyjs-form';
import { surveyJsPages } from './surveyjs-page';
import { probeScript, readMarks, type Marks, type ProbeChecks } from './surveyjs-probe';
import { throttleSlow4g } from './throttle';

/** BENCH_SIZES=300,1000 measures only those sizes; BENCH_SLOW4G=0 leaves the Slow 4G runs out. */
const SIZES = (process.env['BENCH_SIZES'] ?? '100,300,1000').split(',').map(Number);
const SLOW_4G_ITEMS = 300;
const WITH_SLOW_4G = process.env['BENCH_SLOW4G'] !== '0' && SIZES.includes(SLOW_4G_ITEMS);
/** Measured runs per renderer and size (BENCH_RUNS overrides, at least 5 for the figures). */
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 5));
const GOALS = { paintedRatio: 5, interactiveRatio: 3, slow4gFirstQuestionMs: 1500 };

type Form = ReturnType<typeof generateForm>;
type Renderer = 'product' | 'surveyjs';

interface Target {
  url: string;
  checks: ProbeChecks;
  /** Code run before the page's own, besides the probe (the product's session). */
  before: string;
}

const keysOf = (form: Form) => {
  const questions = form.surveySchema.filter((i) => i.type !== 'groupHeader');
  return {
    last: (form.surveySchema[form.surveySchema.length - 1] as Form['surveySchema'][number]).itemKey,
    lastQuestion: (questions[questions.length - 1] as Form['surveySchema'][number]).itemKey,
    firstQuestion: (questions[0] as Form['surveySchema'][number]).itemKey,
  };
};

const productTarget = (baseUrl: string, form: Form, session: unknown): Target => ({
  url: `${baseUrl}/survey/${form.surveyId}`,
  checks: {
    first: `!!document.querySelector('[data-item-key]:not([data-item-type="groupHeader"])')`,
    last: `!!document.querySelector('[data-item-key="${keysOf(form).last}"]')`,
    interactive: `!!document.querySelector('[data-testid="survey-form"][data-interactive="true"]')`,
  },
  before: `localStorage.setItem('session', ${JSON.stringify(JSON.stringify(session))});`,
});

const surveyJsTarget = (url: string, form: Form): Target => {
  const keys = keysOf(form);
  // SurveyJS puts the question's name on its root element; the form ends on a question, not a panel.
  const last = `!!document.querySelector('[data-name="${keys.lastQuestion}"]')`;
  return {
    url,
    checks: {
      first: `!!document.querySelector('[data-name="${keys.firstQuestion}"]')`,
      last,
      interactive: `window.__surveyRendered !== undefined && ${last}`,
    },
    before: '',
  };
};

/** One load in a fresh, cold context. */
const load = async (browser: Browser, target: Target, slow4g: boolean): Promise<Marks> => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'ja-JP', serviceWorkers: 'block' });
  try {
    await context.addInitScript(`${target.before}${probeScript(target.checks)}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (slow4g) await throttleSlow4g(cdp, 4);
    await page.goto(target.url, { waitUntil: 'commit' });
    try {
      return await readMarks(cdp, target.url, slow4g ? 180_000 : 60_000);
    } catch (e) {
      await page.screenshot({ path: 'reports/surveyjs-bench-failure.png' }).catch(() => undefined);
      throw e;
    }
  } finally {
    await context.close();
  }
};

const FIGURES = ['lastPaintedMs', 'interactiveMs', 'firstQuestionMs'] as const;

const summarise = (runs: Marks[]) => ({
  ...Object.fromEntries(FIGURES.map((f) => [f, r1(median(runs.map((m) => m[f])))])),
  transferKB: r1(median(runs.map((m) => m.transferKB))),
  runs: Object.fromEntries(FIGURES.map((f) => [f, runs.map((m) => r1(m[f]))])),
}) as Record<(typeof FIGURES)[number] | 'transferKB', number> & { runs: Record<(typeof FIGURES)[number], number[]> };

/** Alternating loads of both renderers: `warmUp` unmeasured pairs, then RUNS measured ones. */
const sideBySide = async (browser: Browser, targets: Record<Renderer, Target>, slow4g: boolean, warmUp: number) => {
  const runs: Record<Renderer, Marks[]> = { product: [], surveyjs: [] };
  for (let i = 0; i < warmUp + RUNS; i++) {
    for (const renderer of ['product', 'surveyjs'] as const) {
      const marks = await load(browser, targets[renderer], slow4g);
      if (i >= warmUp) runs[renderer].push(marks);
    }
  }
  const product = summarise(runs.product);
  const surveyjs = summarise(runs.surveyjs);
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const ratio = (f: 'lastPaintedMs' | 'interactiveMs') => r2(surveyjs[f] / product[f]);
  // Also the median of each pair's ratio: a pair's two loads are seconds apart, so it moves less
  // with what else the shared machine is doing than the ratio of the two medians.
  const paired = (f: 'lastPaintedMs' | 'interactiveMs') => r2(median(runs.product.map((p, i) => (runs.surveyjs[i] as Marks)[f] / p[f])));
  return {
    product,
    surveyjs,
    ratios: { painted: ratio('lastPaintedMs'), interactive: ratio('interactiveMs') },
    pairRatios: { painted: paired('lastPaintedMs'), interactive: paired('interactiveMs') },
  };
};

export const runSurveyJsBench = async (): Promise<void> => {
  buildIfStale((l) => process.stderr.write(`${l}\n`));
  const forms = SIZES.map((n) => generateForm(`bench-surveyjs-${n}`, n));
  const pages = await surveyJsPages(Object.fromEntries(forms.map((f) => [f.surveyId, toSurveyJs(f)])));
  const srv = await startTestServer('sqlite');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await importBundle(srv.deps.store, { surveyConfigs: forms }, 'bench');
    const token = await srv.token('Ubench', { name: 'ベンチ 太郎', expiresInSeconds: 3600 });
    const session = { idToken: token, accessToken: 'bench', profile: { userId: 'Ubench', displayName: 'ベンチ 太郎' } };
    const targets = (form: Form): Record<Renderer, Target> => ({
      product: productTarget(srv.url, form, session),
      surveyjs: surveyJsTarget(`${pages.url}${pages.pathOf(form.surveyId)}`, form),
    });

    const results = [];
    for (const form of forms) {
      process.stderr.write(`surveyjs bench: ${form.surveySchema.length} items\n`);
      results.push({ items: form.surveySchema.length, ...(await sideBySide(browser, targets(form), false, 1)) });
    }
    const slowForm = forms.find((f) => f.surveySchema.length === SLOW_4G_ITEMS) as Form;
    if (WITH_SLOW_4G) process.stderr.write(`surveyjs bench: Slow 4G, ${SLOW_4G_ITEMS} items\n`);
    // No warm-up pair: the server and the machine are warm from the runs above.
    const slow4g = WITH_SLOW_4G
      ? { items: SLOW_4G_ITEMS, network: 'Slow 4G', cpuSlowdown: 4, ...(await sideBySide(browser, targets(slowForm), true, 0)) }
      : null;

    const goalSizes = results.filter((r) => r.items >= 300);
    console.log(
      JSON.stringify({
        bench: 'surveyjs',
        viewport: '412x823',
        runsPerRenderer: RUNS,
        goals: GOALS,
        met: {
          paintedRatio: goalSizes.every((r) => r.ratios.painted >= GOALS.paintedRatio),
          interactiveRatio: goalSizes.every((r) => r.ratios.interactive >= GOALS.interactiveRatio),
          slow4gFirstQuestionMs: slow4g ? slow4g.product.firstQuestionMs <= GOALS.slow4gFirstQuestionMs : null,
        },
        results,
        slow4g,
      }),
    );
  } finally {
    await browser.close();
    await srv.stop();
    await pages.close();
  }
};
