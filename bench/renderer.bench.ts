/**
 * Renderer benchmark (issue: form renderer): a generated form of N items of mixed types in 20
 * groups with 30 display conditions, imported into the real server and opened in headless
 * Chromium at 390×844 with a signed-in session. Measures, as medians over several loads:
 * - navigation start → the last item painted;
 * - submit clicked → the whole form validated and its errors painted;
 * - keystroke → paint in a text field near the top (validation runs on change).
 * Targets on this machine: 300 items ≤ 500 ms, 1,000 items ≤ 1.2 s, keystroke ≤ 16 ms mean.
 */
import { chromium, type Browser } from '@playwright/test';
import { startTestServer } from '../tests/server/harness';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { importBundle } from '../server/forms/import';
import { buildIfStale } from '../server/cli/build';
import { percentile } from './lib';


type Item = Record<string, unknown> & { itemKey: string; type: string; title: string };

const OPTIONS = ['はい', 'いいえ', 'どちらともいえない'];

/** Mixed types in a fixed rotation, so a run is repeatable. */
const ROTATION = ['text', 'number', 'radio', 'textarea', 'dropdown', 'email', 'checkboxes', 'phone', 'date', 'linearScale'] as const;

export const generateForm = (surveyId: string, count: number) => {
  const groups = 20;
  const perGroup = Math.ceil(count / groups);
  const items: Item[] = [];
  const radios: string[] = [];
  let conditions = 0;
  for (let g = 0; g < groups && items.length < count; g++) {
    items.push({ itemKey: `g${g}`, type: 'groupHeader', title: `セクション ${g + 1}` });
    for (let i = 0; i < perGroup - 1 && items.length < count; i++) {
      const n = items.length;
      const type = ROTATION[n % ROTATION.length] as string;
      const item: Item = { itemKey: `q${n}`, type, title: `質問 ${n + 1}（${type}）`, isRequired: { value: n % 3 === 0 } };
      if (type === 'radio' || type === 'dropdown' || type === 'checkboxes') item['options'] = OPTIONS;
      if (type === 'text' || type === 'textarea') item['length'] = { max: 100 };
      if (type === 'number') item['range'] = { min: 0, max: 999 };
      if (type === 'radio') radios.push(item.itemKey);
      // 30 display conditions on earlier radios; "hide" ones, so every item is visible on load and
      // the paint measure covers the whole form.
      if (conditions < 30 && radios.length > 0 && n % 7 === 5) {
        item['displayCondition'] = { type: 'hide', questionId: radios[radios.length - 1], answers: ['いいえ'] };
        conditions++;
      }
      items.push(item);
    }
  }
  return {
    surveyId,
    surveyTitle: `ベンチマーク ${count} 項目`,
    submitButtonTitle: '確認する',
    surveySchema: items,
  };
};

interface Figures {
  items: number;
  paintMs: number;
  paintRuns: number[];
  validateMs: number;
  keystrokeMeanMs: number;
  keystrokeP95Ms: number;
}

const measure = async (browser: Browser, baseUrl: string, token: string, surveyId: string, count: number, lastKey: string): Promise<Figures> => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
  const session = { idToken: token, accessToken: 'bench', profile: { userId: 'Ubench', displayName: 'ベンチ 太郎' } };
  // In-page code is passed as source text: tsx compiles functions with esbuild's keepNames, whose
  // __name() helper does not exist in the page, so a serialised arrow function would throw there.
  await context.addInitScript(`
    localStorage.setItem('session', ${JSON.stringify(JSON.stringify(session))});
    // The last item is looked for every frame from the very start; the time is taken one task after
    // the frame in which it is present, i.e. after that frame has painted.
    (function () {
      function tick() {
        if (document.querySelector('[data-item-key="${lastKey}"]')) {
          requestAnimationFrame(function () {
            var ch = new MessageChannel();
            ch.port1.onmessage = function () { window.__lastPainted = performance.now(); };
            ch.port2.postMessage(0);
          });
        } else requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    })();
  `);

  const paintRuns: number[] = [];
  const page = await context.newPage();
  // One warm-up load (fills the HTTP cache as a returning resident would have it), then 5 measured.
  for (let run = 0; run < 6; run++) {
    await page.goto(`${baseUrl}/survey/${surveyId}`);
    await page
      .waitForFunction(() => (window as unknown as { __lastPainted?: number }).__lastPainted !== undefined, null, { timeout: 60_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: 'reports/renderer-bench-failure.png' });
        const seen = await page.evaluate(() => [location.href, document.querySelectorAll('[data-item-key]').length]);
        throw new Error(`the last item never painted (${JSON.stringify(seen)}): ${String(e)}`);
      });
    const t = (await page.evaluate('window.__lastPainted')) as number;
    if (run > 0) paintRuns.push(t);
  }

  // Keystrokes into the first short-answer field.
  const field = page.locator('[data-item-type="text"] input').first();
  await field.click();
  await page.evaluate(`
    window.__keys = [];
    var t0 = 0;
    document.addEventListener('keydown', function (e) { t0 = e.timeStamp; }, { capture: true });
    document.addEventListener('input', function () {
      var start = t0;
      requestAnimationFrame(function () {
        var ch = new MessageChannel();
        ch.port1.onmessage = function () { window.__keys.push(performance.now() - start); };
        ch.port2.postMessage(0);
      });
    }, { capture: true });
  `);
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(i % 2 === 0 ? 'a' : 'b');
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  const keys = ((await page.evaluate('window.__keys')) as number[]).slice(5).sort((a, b) => a - b);

  // Whole-form validation: clear the field so required items are empty, click submit, wait for the
  // errors to be painted.
  await field.fill('');
  const validateMs = (await page.evaluate(`
    new Promise(function (resolve, reject) {
      var button = Array.from(document.querySelectorAll('button')).find(function (b) { return (b.textContent || '').indexOf('確認する') >= 0; });
      if (!button) return reject(new Error('no submit button'));
      var t0 = performance.now();
      function done() {
        requestAnimationFrame(function () {
          var ch = new MessageChannel();
          ch.port1.onmessage = function () { resolve(performance.now() - t0); };
          ch.port2.postMessage(0);
        });
      }
      var mo = new MutationObserver(function () {
        if (document.querySelector('[aria-invalid="true"]')) { mo.disconnect(); done(); }
      });
      mo.observe(document.body, { subtree: true, childList: true, attributes: true });
      button.click();
      if (document.querySelector('[aria-invalid="true"]')) { mo.disconnect(); done(); }
    })
  `)) as number;
  await context.close();

  paintRuns.sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    items: count,
    paintMs: r(percentile(paintRuns, 50)),
    paintRuns: paintRuns.map(r),
    validateMs: r(validateMs),
    keystrokeMeanMs: r(keys.reduce((a, b) => a + b, 0) / Math.max(1, keys.length)),
    keystrokeP95Ms: r(percentile(keys, 95)),
  };
};

export const runRendererBench = async (): Promise<void> => {
  buildIfStale((l) => process.stderr.write(`${l}\n`));
  const srv = await startTestServer('sqlite');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const sizes = [300, 1000];
    const forms = sizes.map((n) => generateForm(`bench-${n}`, n));
    await importBundle(srv.deps.store, { surveyConfigs: forms }, 'bench');
    const token = await srv.token('Ubench', { name: 'ベンチ 太郎', expiresInSeconds: 3600 });
    const results: Figures[] = [];
    for (const form of forms) {
      const last = form.surveySchema[form.surveySchema.length - 1] as Item;
      results.push(await measure(browser, srv.url, token, form.surveyId, form.surveySchema.length, last.itemKey));
    }
    console.log(
      JSON.stringify({
        bench: 'renderer',
        viewport: '390x844',
        targets: { paint300Ms: 500, paint1000Ms: 1200, keystrokeMeanMs: 16 },
        results,
      }),
    );
  } finally {
    await browser.close();
    await srv.stop();
  }
};
