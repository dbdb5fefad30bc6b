/**
 * The SurveyJS page of the side-by-side benchmark (bench/surveyjs.bench.ts): the survey in the page's
 * JSON rendered by SurveyJS's React UI with its default theme and its Japanese texts, as an app
 * embedding SurveyJS would. `window.__surveyRendered` marks SurveyJS's onAfterRenderSurvey (its
 * React component mounted the whole survey).
 */
// The default theme's fontless build: the other one loads Open Sans from fonts.gstatic.com, which
// would download at run time (and, refused here, could hold the text back while it waits).
import 'survey-core/survey-core.fontless.min.css';
import 'survey-core/i18n/japanese';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';

const model = new Model(JSON.parse(document.getElementById('survey-json')?.textContent ?? '{}'));
model.onAfterRenderSurvey.add(() => {
  (window as unknown as { __surveyRendered?: number }).__surveyRendered = performance.now();
});
createRoot(document.getElementById('root') as HTMLElement).render(<Survey model={model} />);
