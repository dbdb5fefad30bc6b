/**
 * Bytes on the wire (`npm run bench -- wire`): what two large reads cost a resident on a weak
 * link, as sent today with no Accept-Encoding (identity, which is also what every JSON answer was
 * before server/compress.ts) and with gzip and brotli, over real HTTP:
 * - the config of a 300-item form, made of the demo's 全項目サンプル items over and over;
 * - the clinic's schedule read exactly as the calendar screen makes it (src/calendar/dates.ts), for
 *   each of the demo clinic's calendars.
 * Body bytes are the Content-Length; `headBytes` is the status line and headers as sent. The
 * figures do not depend on the database engine, so this runs on SQLite only. `ms` is the mean
 * time of a request on this machine, compression included.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestServer } from '../tests/server/harness';
import { COMPRESS_THRESHOLD } from '../server/compress';
import { DEMO_BUNDLE_FILE, importBundle, readBundleFile } from '../server/forms/import';
import { scheduleRangeOf } from '../src/calendar/dates';
import { todayInTokyo } from '@core/ja/date-input';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
const ROUNDS = 30;

type Item = Record<string, unknown> & { itemKey: string; type: string };
interface DemoBundle {
  surveyConfigs: (Record<string, unknown> & { surveyId: string; surveySchema: Item[] })[];
  calendars: { sortKey: string; calendarName: string }[];
}

/** The demo's sample of every item type repeated to `count` items; sections are left out (they pair by title). */
const repeatedForm = (bundle: DemoBundle, surveyId: string, count: number) => {
  const sample = bundle.surveyConfigs.find((s) => s.surveyId === 'all-items');
  if (!sample) throw new Error('demo bundle has no all-items form');
  const base = sample.surveySchema.filter((i) => i.type !== 'groupHeader' && i.type !== 'choiceGroupHeader');
  const items: Item[] = [];
  for (let round = 0; items.length < count; round++) {
    for (const item of base) {
      if (items.length === count) break;
      const copy: Item = { ...item, itemKey: `${item.itemKey}_${round}` };
      const cond = item['displayCondition'] as { questionId: string } | undefined;
      if (cond) copy['displayCondition'] = { ...cond, questionId: `${cond.questionId}_${round}` };
      items.push(copy);
    }
  }
  return { ...sample, surveyId, surveyTitle: `${count} 項目のフォーム`, surveySchema: items };
};

interface Wire {
  status: number;
  encoding: string | null;
  bodyBytes: number;
  headBytes: number;
  body: Buffer;
}

/** One GET with node:http, whose body is the bytes received (fetch would decode them). */
const get = (url: string, headers: Record<string, string>): Promise<Wire> =>
  new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`;
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'] ?? null,
          bodyBytes: body.byteLength,
          headBytes: Buffer.byteLength(`${head}\r\n`),
          body,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });

const decode = (w: Wire): string =>
  (w.encoding === 'br' ? zlib.brotliDecompressSync(w.body) : w.encoding === 'gzip' ? zlib.gunzipSync(w.body) : w.body).toString('utf8');

/** Bytes per encoding, each checked to decode to the identity answer. */
const measure = async (url: string, headers: Record<string, string>) => {
  const out: Record<string, { sent: string; bodyBytes: number; headBytes: number; ms: number }> = {};
  let plain: string | null = null;
  for (const encoding of ENCODINGS) {
    const h = { ...headers, 'accept-encoding': encoding };
    const first = await get(url, h);
    if (first.status !== 200) throw new Error(`${url}: ${first.status} ${first.body.toString('utf8').slice(0, 200)}`);
    // Answers of at most COMPRESS_THRESHOLD bytes go as they are, whatever is accepted.
    if ((first.encoding ?? 'identity') !== encoding && first.bodyBytes > COMPRESS_THRESHOLD) {
      throw new Error(`${url}: asked for ${encoding}, got ${first.encoding}`);
    }
    const text = decode(first);
    plain ??= text;
    if (text !== plain) throw new Error(`${url}: the ${encoding} answer decodes to something else`);
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await get(url, h);
    out[encoding] = { sent: first.encoding ?? 'identity', bodyBytes: first.bodyBytes, headBytes: first.headBytes, ms: Math.round(((performance.now() - started) / ROUNDS) * 100) / 100 };
  }
  const identity = out['identity']?.bodyBytes ?? 1;
  const ratio = (e: string) => Math.round(((out[e]?.bodyBytes ?? 0) / identity) * 1000) / 1000;
  return { ...out, brRatio: ratio('br'), gzipRatio: ratio('gzip') };
};

export const runWireBench = async (): Promise<void> => {
  const srv = await startTestServer('sqlite');
  try {
    const bundle = (await readBundleFile(DEMO_BUNDLE_FILE)) as DemoBundle;
    await importBundle(srv.deps.store, bundle, 'demo');
    const form = repeatedForm(bundle, 'wire-300', 300);
    await importBundle(srv.deps.store, { surveyConfigs: [form] }, 'bench');
    const token = await srv.token('Uwire');
    const api = `${srv.url}/survey/api/v1/db`;
    const auth = { authorization: `Bearer ${token}` };

    const config300 = await measure(`${api}/survey-configs/getItem?surveyId=${form.surveyId}`, auth);
    // The clinic form's default: numberMonthShowCalendar unset, so this month and the next.
    const range = scheduleRangeOf(todayInTokyo(), 1);
    const schedules: Record<string, unknown> = {};
    for (const cal of bundle.calendars) {
      const q = new URLSearchParams({ start_day: range.first.toString(), end_day: range.last.toString() });
      schedules[`${cal.sortKey} ${cal.calendarName}`] = await measure(`${api}/calendars/schedule/${cal.sortKey}?${q.toString()}`, auth);
    }
    console.log(
      JSON.stringify({
        bench: 'wire',
        engine: 'sqlite',
        config300Items: config300,
        schedule: { range: `${range.first.toString()}..${range.last.toString()}`, ...schedules },
      }),
    );
  } finally {
    await srv.stop();
  }
};
