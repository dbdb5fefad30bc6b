/**
 * The survey form renderer (spec 01 §2 Survey form): sections of items, the submit button, and
 * the confirmation step that sends (what happens from submit to sent: submit-flow.ts). It takes
 * the sending as a function, so the answer feature decides how rows travel (the outbox) and what
 * the completion shows.
 */
import './form.css';
import { Button, Stack } from '@mantine/core';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import type { AnswerRowInput } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { Issue } from '@core/contract/envelope';
import type { FormValue, Mode } from '@core/items/define';
import { todayInTokyo } from '@core/ja/date-input';
import { afterFirstScreen, firstScreenShown } from '../lib/first-screen';
import { preloadLater, useLater } from '../lib/use-later';
import { isReservationItem } from '@core/rules/reservation-value';
import { ja } from '../messages/ja';
import { NO_ORDER, sameOrder, type FormOrder } from '../payment/form-order';
import { usesPayment } from '@core/rules/permissions';
import { isDesktop } from '../lib/desktop';
import { createEngine } from './engine';
import { FormEngineContext, type FormEngine } from './engine-context';
import { FormStore } from './form-store';
import { ErrorCard } from '../ui/error-card';
import { LoadingText } from '../ui/loading-text';
import { ItemHost } from './item-host';
import { FormNotice } from './form-notice';
import { PartHydrated, useSectionElements, type OnPartHydrated } from './form-sections';
import { buildPlan } from './plan';
import { prefillValues } from './prefill';
import { ReservationStepContext, type ReservationStep } from './step-context';
import { serverItemErrors } from './submit';
import { useItemTypes } from './use-item-types';
import { SLOT_GONE, useSubmitFlow, type ReservationCheckRefusal, type SendRequest } from './submit-flow';
import { laterComponent } from '../lib/later-component';

export type { ReservationCheckRefusal, SendRequest } from './submit-flow';

const loadConfirmDialog = () => import('./confirm-dialog');
// Not needed to paint or to type, but at 送信, which may come after the link has gone: its code
// is fetched at the first idle moment after the first screen, whatever that screen is.
afterFirstScreen(() => preloadLater(loadConfirmDialog));

/**
 * Items rendered before the first paint: a few screens' worth. The rest render right after, in a
 * transition React splits into short slices, so a long form paints early and stays responsive
 * to typing while the lower part is built.
 */
export const FIRST_PAINT_ITEMS = 24;
/** A form this short renders whole at once: splitting it would cost a second layout to save little. */
export const ONE_PASS_ITEMS = 40;

export interface SurveyFormProps<R> {
  config: ServedSurveyConfig;
  /** Admin mode shows admin items and uses isRequired.admin (spec 01 §6). */
  mode?: Mode;
  /** The page's query parameters, for the items' queryParam1/2/3 prefill. */
  search?: Readonly<Record<string, string>>;
  send: (request: SendRequest) => Promise<R>;
  onSent: (result: R) => void;
  /**
   * Values to start from (a restored draft, or a refused answer reopened): they win over the URL's
   * prefill; keys the current form does not have are dropped.
   */
  initialValues?: Readonly<Record<string, unknown>>;
  /** A refused answer's per-item problems (the server's issues for the rows it was sent). */
  initialIssues?: { issues: readonly Issue[]; rows: readonly AnswerRowInput[] };
  /** Called (after a change, not during render) with every answer: the draft saver. */
  onValuesChange?: (values: Record<string, FormValue>) => void;
  /** Shown only: no submit button (an answer that can no longer be changed; its items come disabled). */
  readOnly?: boolean;
  /** For tests: the date rules' today (default: today in Asia/Tokyo) and the width rule's device. */
  today?: Temporal.PlainDate;
  desktop?: boolean;
  /**
   * The /calendar flow (spec 02 §2): the reservation items first, as a step of their own (slot
   * choice); then the rest of the form with the chosen slot summarised (confirm); then the
   * confirmation dialog (last confirm).
   */
  reservationFirst?: boolean;
  /** A calendar read of the reservation step failed (spec 02 §8): the /calendar page goes back. */
  onCalendarLoadFailure?: (() => void) | undefined;
  /** The confirmation dialog was closed without sending (going back from the last confirm). */
  onConfirmClosed?: () => void;
  /** Shown above the submit button from the start (a queued answer the server refused, by its catalogue text). */
  initialNotice?: string | undefined;
  /**
   * The code of that refusal: a reservation refusal (quota_exceeded, reservation_limit) is shown at
   * the reservation item, and after quota_exceeded the full slot is not restored as the choice.
   */
  initialRefusalCode?: string | undefined;
  /**
   * Spec 02 §5 "calendar reservation checks before submit": called with the rows and the
   * reservation items' keys before the confirmation dialog opens. A refusal keeps the form open at
   * that reservation (the slot choice) with its text; null, or a failure of the check itself,
   * opens the dialog (the server checks again when the answer is sent).
   */
  checkReservation?: (rows: readonly AnswerRowInput[], reservationKeys: ReadonlySet<string>) => Promise<ReservationCheckRefusal | null>;
  /**
   * A stored answer is being changed (spec 02 §4): its order stands as it was stored, so none is
   * sent and sending never takes the payment path; the products row goes as it was.
   */
  orderFixed?: boolean;
  /** A stored answer is being changed: its values as stored, for the confirmation (変更の確認). */
  changedFrom?: Readonly<Record<string, unknown>> | undefined;
  /** Every item in the first render: hydrating the server's HTML, which has them all (src/ssr/). */
  whole?: boolean;
  /** Hands the form's engine out once it is set up (the hydrated form applies a draft through it). */
  onEngine?: (engine: FormEngine) => void;
  /** Hydrating (whole): told each part's item keys once it is hydrated (form-sections.tsx). */
  onPartHydrated?: OnPartHydrated;
}

// A payment form's order (catalogue, prices): its code loads only for forms that use payment.
const OrderWatch = laterComponent(() => import('../payment/use-form-order').then((m) => m.OrderWatch));
// Category conditions (bunruiKey) read the category tree: loaded only for forms that have one.
const CategoryWatch = laterComponent(() => import('../calendar/category-watch').then((m) => m.CategoryWatch));

/**
 * The values a form starts from: the URL's prefill, then the values given (a draft, a refused
 * answer) over it, for keys the form has; a slot a queued answer lost is left out.
 */
export const startValuesOf = (engine: FormEngine, props: Pick<SurveyFormProps<unknown>, 'search' | 'initialValues' | 'initialRefusalCode'>): Record<string, FormValue> => {
  const { plan } = engine;
  const values: Record<string, FormValue> = { ...prefillValues(plan, props.search ?? {}, (p, v) => engine.normalized(p, v)) };
  const goneSlot = props.initialRefusalCode === SLOT_GONE ? firstReservationKey(plan.items) : undefined;
  for (const [k, v] of Object.entries(props.initialValues ?? {})) {
    if (k === goneSlot) continue;
    if (plan.byKey.has(k) && (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))) values[k] = v as FormValue;
  }
  return values;
};

const setUp = (props: SurveyFormProps<unknown>): FormEngine => {
  const mode = props.mode ?? 'user';
  const plan = buildPlan(props.config, mode);
  const store = new FormStore();
  const engine = createEngine(store, plan, { today: props.today ?? todayInTokyo(), desktop: props.desktop ?? isDesktop() });
  for (const [k, v] of Object.entries(startValuesOf(engine, props))) store.setValue(k, v);
  if (props.initialIssues) {
    store.replaceErrors(serverItemErrors(props.initialIssues.issues, props.initialIssues.rows, new Set(plan.byKey.keys())));
  }
  return engine;
};

const firstReservationKey = (items: FormEngine['plan']['items']): string | undefined =>
  items.find((p) => isReservationItem(p) && !p.neverShown)?.key;

/** The slot a queued answer lost (quota_exceeded): setUp left it out of the values. */
const lostSlotOf = (engine: FormEngine, props: SurveyFormProps<unknown>): string | undefined => {
  const key = props.initialRefusalCode === SLOT_GONE ? firstReservationKey(engine.plan.items) : undefined;
  const v = key === undefined ? undefined : props.initialValues?.[key];
  return typeof v === 'string' ? v : undefined;
};

/** The form once the item types it uses are loaded (src/items/registry.ts loads the rarer ones on demand). */
export function SurveyForm<R>(props: SurveyFormProps<R>) {
  const state = useItemTypes(props.config.surveySchema.map((i) => i.type));
  if (state === 'loading') return <LoadingText />;
  if (state === 'failed') return <ErrorCard />;
  return <LoadedSurveyForm {...props} />;
}

/** The form, its item types' code being here (the server's render and a hydration call it directly). */
export function LoadedSurveyForm<R>(props: SurveyFormProps<R>) {
  const { config, onValuesChange, onEngine } = props;
  const [engine] = useState(() => setUp(props as SurveyFormProps<unknown>));
  useEffect(() => onEngine?.(engine), [engine, onEngine]);
  const reservationKeys = engine.plan.items.filter((p) => isReservationItem(p) && !p.neverShown).map((p) => p.key);
  const stepped = props.reservationFirst === true && reservationKeys.length > 0 && !props.readOnly;
  // A payment form reads as one (予約する) before its order's code has loaded: no lines yet.
  const [pay, setPay] = useState<FormOrder>(() => (usesPayment(config) ? { ...NO_ORDER, active: true } : NO_ORDER));
  const reportOrder = useCallback((next: FormOrder) => setPay((cur) => (sameOrder(cur, next) ? cur : next)), []);
  const orderWatch = usesPayment(config) ? (
    <OrderWatch config={config} store={engine.store} fixed={props.orderFixed === true} mode={engine.plan.mode} onChange={reportOrder} />
  ) : null;
  const categoryWatch = engine.plan.categoryQuestions.length > 0 ? <CategoryWatch engine={engine} /> : null;
  const flow = useSubmitFlow({
    engine,
    config,
    send: props.send,
    onSent: props.onSent,
    reservationKeys,
    stepped,
    pay,
    orderFixed: props.orderFixed === true,
    initialNotice: props.initialNotice,
    initialRefusalCode: props.initialRefusalCode,
    initialLost: lostSlotOf(engine, props as SurveyFormProps<unknown>),
    initialIssues: props.initialIssues !== undefined,
    checkReservation: props.checkReservation,
    onConfirmClosed: props.onConfirmClosed,
  });
  const { notice, refusal, step, confirming, sending, checking, sendError, submitRef } = flow;
  const dialog = useLater(confirming ? loadConfirmDialog : null);
  const total = engine.plan.items.length;
  const [limit, setLimit] = useState(() => (props.whole || total <= ONE_PASS_ITEMS ? total : FIRST_PAINT_ITEMS));

  // Effects run only once React owns the page (after hydration of the server's HTML, too):
  // data-interactive marks that moment for benchmarks and tests. Written to the element, not
  // rendered: a state would render the whole form once more just to say so.
  const formEl = useRef<HTMLFormElement | null>(null);
  const interactive = useRef(false);
  // The form element comes and goes with the /calendar steps: a new one is marked as it mounts.
  const formRef = useCallback((el: HTMLFormElement | null) => {
    formEl.current = el;
    if (el && interactive.current) el.setAttribute('data-interactive', 'true');
  }, []);
  // Marked at the commit that has every item in (a layout effect): React answers input from then
  // on, and it is the moment SurveyJS's onAfterRenderSurvey (componentDidMount) and the benches'
  // floor pages (an attribute rendered) mark, so the side-by-side figures compare the same thing.
  useLayoutEffect(() => {
    if (limit < total) return;
    interactive.current = true;
    formEl.current?.setAttribute('data-interactive', 'true');
  }, [limit, total]);
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit(total));
    // Every item is in: work the page put off until the first screen (the offline layer, the
    // service worker) may start now.
    else firstScreenShown();
  }, [limit, total]);

  useEffect(() => {
    if (!onValuesChange) return;
    return engine.store.subscribeAny(() => onValuesChange(engine.store.snapshot()));
  }, [engine, onValuesChange]);

  const summaryOnly = stepped && step === 'form';
  const monthsShown = config.numberMonthShowCalendar ?? 1;
  const { backToSlot, clearRefusal } = flow;
  const onLoadFailure = props.onCalendarLoadFailure;
  // One value while nothing in it changes: a new one would reach every section, hydrated or not.
  const reservationStep = useMemo<ReservationStep>(
    () => ({ summaryOnly, backToSlot, monthsShown, refusal, onPicked: clearRefusal, onLoadFailure }),
    [summaryOnly, backToSlot, monthsShown, refusal, clearRefusal, onLoadFailure],
  );
  const sections = useSectionElements(engine, limit, props.whole === true, props.onPartHydrated);

  if (stepped && step === 'slot') {
    return (
      <FormEngineContext value={engine}>
        <ReservationStepContext value={reservationStep}>
          {categoryWatch}
          <div className="survey-form" data-testid="survey-form" data-step="slot" data-rendered="all">
            <Stack gap="md">
              {reservationKeys.map((key) => {
                const p = engine.plan.byKey.get(key);
                return p ? <ItemHost key={key} p={p} /> : null;
              })}
              {props.onPartHydrated ? <PartHydrated itemKeys={reservationKeys} onHydrated={props.onPartHydrated} /> : null}
              <FormNotice notice={notice} onFirst={flow.toFirstIssue} />
              <Button size="md" fullWidth onClick={flow.toForm} data-testid="slot-next">
                {ja.calendar.next}
              </Button>
            </Stack>
          </div>
        </ReservationStepContext>
      </FormEngineContext>
    );
  }

  return (
    <FormEngineContext value={engine}>
      {orderWatch}
      {categoryWatch}
      <ReservationStepContext value={reservationStep}>
      <form
        ref={formRef}
        noValidate
        className="survey-form"
        data-testid="survey-form"
        // "all" once every item is in the DOM (benchmarks and tests wait for it).
        data-rendered={limit >= total ? 'all' : 'partial'}
        data-readonly={props.readOnly ? 'true' : undefined}
        data-step={stepped ? 'form' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.readOnly) flow.submit();
        }}
      >
        <Stack gap="md">
          {sections}
          <FormNotice notice={notice} onFirst={flow.toFirstIssue} />
          {props.readOnly ? null : (
            <Button ref={submitRef} type="submit" size="md" fullWidth loading={checking || (confirming !== null && !dialog)} data-testid="submit-button">
              {pay.active ? (pay.paymentPath ? ja.payment.toPayment : ja.payment.reserve) : config.submitButtonTitle || ja.form.submitDefault}
            </Button>
          )}
        </Stack>
      </form>
      </ReservationStepContext>
      {confirming && dialog ? (
        <dialog.ConfirmDialog
          entries={confirming.entries}
          sending={sending}
          error={sendError?.message}
          reload={sendError?.reload ?? false}
          onClose={flow.closeConfirm}
          onSend={() => void flow.sendAnswers()}
          sendLabel={confirming.paymentPath ? ja.payment.toPayment : undefined}
          changedFrom={props.changedFrom}
        />
      ) : null}
    </FormEngineContext>
  );
}
