/**
 * What bench/surveyjs.bench.ts reads in the page, the same way for both renderers: three moments
 * after navigation start, found only through the DOM (and, for SurveyJS, its render callback), so
 * the figures mean the same whether the product renders on the client or hydrates server HTML.
 */
import { type CDPSession } from '@playwright/test';
import { pollNumber } from './throttle';

/** Each is a JavaScript expression, true once its moment has come. */
export interface ProbeChecks {
  /** The first question (not a group header) is in the DOM. */
  first: string;
  /** The form's last item is in the DOM. */
  last: string;
  /** The form responds to input. */
  interactive: string;
}

export interface Marks {
  firstQuestionMs: number;
  lastPaintedMs: number;
  interactiveMs: number;
  /** Bytes over the wire by then (document and every resource), in KB. */
  transferKB: number;
}

/**
 * The init script. Every check is looked at in each frame's requestAnimationFrame from the very
 * start. For `first` and `last` the time is taken one task after the callback that finds the
 * element, i.e. after that frame's rendering (its paint): renderer.bench.ts's rAF + MessageChannel
 * technique, without its second rAF, which waits one frame more. For `interactive` the time is
 * that callback's, since answering input needs no paint. In-page code is source text: tsx's
 * keepNames helper __name does not exist in the page.
 */
export const probeScript = (checks: ProbeChecks): string => `
  (function () {
    var marks = {};
    var pending = {
      firstQuestionMs: function () { return ${checks.first}; },
      lastPaintedMs: function () { return ${checks.last}; },
      interactiveMs: function () { return ${checks.interactive}; }
    };
    function done() {
      if (marks.firstQuestionMs === undefined || marks.lastPaintedMs === undefined || marks.interactiveMs === undefined) return;
      var bytes = 0;
      performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).forEach(function (e) { bytes += e.transferSize || 0; });
      marks.transferKB = Math.round(bytes / 102.4) / 10;
      window.__bench = marks;
      window.__benchDone = performance.now();
    }
    function afterPaint(name) {
      var ch = new MessageChannel();
      ch.port1.onmessage = function () { marks[name] = performance.now(); done(); };
      ch.port2.postMessage(0);
    }
    function tick() {
      var left = 0;
      for (var name in pending) {
        if (!pending[name]) continue;
        if (pending[name]()) {
          pending[name] = null;
          if (name === 'interactiveMs') { marks[name] = performance.now(); done(); } else afterPaint(name);
        } else left++;
      }
      if (left) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  })();
`;

/** Waits for the probe's three moments in the page `cdp` is attached to. */
export const readMarks = async (cdp: CDPSession, url: string, timeoutMs: number): Promise<Marks> => {
  await pollNumber(cdp, 'window.__benchDone', `${url}: the form was not painted and interactive within ${timeoutMs / 1000} s`, timeoutMs);
  const answer = (await cdp.send('Runtime.evaluate', { expression: 'window.__bench', returnByValue: true })) as { result: { value: Marks } };
  return answer.result.value;
};
