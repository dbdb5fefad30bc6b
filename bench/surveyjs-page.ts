/**
 * The SurveyJS side of bench/surveyjs.bench.ts: bench/surveyjs/ built by Vite (a plain production
 * build, SurveyJS's default CSS, no compile hints: as an app embedding SurveyJS would ship it) into
 * node_modules/.cache, one HTML page per form with the survey's JSON inlined — SurveyJS's best case,
 * no request for the JSON — all served brotli-compressed before the first visit, as the product's
 * build serves its files (bench/offline-floors.ts serveBrotli).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import react from '@vitejs/plugin-react';
import { serveBrotli, type FloorPage } from './offline-floors';

/** Builds the page and serves it; `pathOf(name)` is the address of the page holding `surveys[name]`. */
export const surveyJsPages = async (surveys: Record<string, unknown>): Promise<FloorPage & { pathOf: (name: string) => string }> => {
  const root = path.resolve(import.meta.dirname, '..');
  const out = path.join(root, 'node_modules/.cache/bench-surveyjs');
  await viteBuild({
    root: path.join(root, 'bench/surveyjs'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true },
  });
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  const slot = '<script id="survey-json" type="application/json">{}</script>';
  if (!html.includes(slot)) throw new Error('bench/surveyjs/index.html: no survey-json slot');
  for (const [name, json] of Object.entries(surveys)) {
    // `<` escaped, so no text in the survey can close the script element.
    const inlined = slot.replace('{}', JSON.stringify(json).replace(/</g, '\\u003c'));
    fs.writeFileSync(path.join(out, `${name}.html`), html.replace(slot, inlined));
  }
  const served = await serveBrotli(out);
  return { ...served, pathOf: (name) => `/${name}.html` };
};
