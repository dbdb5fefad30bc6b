/**
 * The survey form renderer (spec 01 §2 Survey form): sections of items, the submit button, and
 * the confirmation step that sends. It takes the sending as a function, so the answer feature
 * decides how rows travel (today putItem; the outbox later) and what the completion shows.
 */
import './form.css';
import { Alert, Button, Stack } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import type { AnswerRowInput } from '@core/contract/survey';
import type { PaymentOrder } from '@core/contract/payment';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { Issue } from '@core/contract/envelope';
import type { FormValue, Mode } from '@core/items/define';
import { todayInTokyo } from '@core/ja/date-input';
import { isApiClientError } from '../lib/api-error';
import { writeErrorText } from '../lib/error-text';
import { firstScreenShown } from '../lib/first-screen';
import { RESERVATION_LIMIT_CODE } from '@core/rules/reservation-limits';
import { isReservationItem } from '@core/rules/reservation-value';
import { ja } from '../messages/ja';
import { PAYMENT_OFFLINE } from '../payment/codes';
import { NO_ORDER, sameOrder, type FormOrder } from '../payment/form-order';
import { usesPayment } from '@core/rules/permissions';
import { createEngine, isDesktop } from './engine';
import { FormEngineContext, type FormEngine } from './engine-context';
import { FormStore } from './form-store';
import { loadItemUis } from '../items/registry';
import { ErrorCard } from '../ui/error-card';
import { LoadingText } from '../ui/loading-text';
import { ItemHost, inputIdOf, itemIdOf } from './item-host';
import { buildPlan } from './plan';
import { prefillValues } from './prefill';
import { Section } from './section';
import { ReservationStepContext, type ReservationRefusalNotice, type ReservationStep } from './step-context';
import { prepareSubmit, serverItemErrors, type ConfirmEntry } from './submit';

const loadConfirmDialog = () => import('./confirm-dialog');

/**
 * Items rendered before the first paint: a few screens' worth. The rest render right after, in a
 * transition React splits into short slices, so a long form paints early and stays responsive
 * to typing while the lower part is built.
 */
export const FIRST_PAINT_ITEMS = 24;
/** A form this short renders whole at once: splitting it would cost a second layout to save little. */
export const ONE_PASS_ITEMS = 40;
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/** A reservation the pre-submit check refused: the item to go back to and the text to show. */
export interface ReservationCheckRefusal {
  itemKey: string;
  text: string;
}

/** Refusals that send the resident back to the slot choice: the slot, or their own limit, is gone. */
const SLOT_REFUSALS: ReadonlySet<string> = new Set(['quota_exceeded', RESERVATION_LIMIT_CODE]);
/** The slot filled up: it is no longer the resident's choice (their own limit keeps it, to change). */
const SLOT_GONE = 'quota_exceeded';

export interface SendRequest {
  rows: AnswerRowInput[];
  configVersion: number;
  /** A payment form's order (spec 02 §3), priced from the cached catalogue. */
  order?: PaymentOrder | undefined;
  /** Spec 02 §4: the answer is paid by card first (決済画面へ); it is not queued in the outbox. */
  paymentPath?: boolean | undefined;
}

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
}

interface Confirming {
  rows: AnswerRowInput[];
  entries: ConfirmEntry[];
  order?: PaymentOrder | undefined;
  paymentPath?: boolean | undefined;
}

// A payment form's order (catalogue, prices): its code loads only for forms that use payment.
const OrderWatch = lazy(() => import('../payment/use-form-order').then((m) => ({ default: m.OrderWatch })));

const setUp = (props: SurveyFormProps<unknown>): FormEngine => {
  const mode = props.mode ?? 'user';
  const plan = buildPlan(props.config, mode);
  const store = new FormStore();
  const engine = createEngine(store, plan, { today: props.today ?? todayInTokyo(), desktop: props.desktop ?? isDesktop() });
  const values = prefillValues(plan, props.search ?? {}, (p, v) => engine.normalized(p, v));
  for (const [k, v] of Object.entries(values)) store.setValue(k, v);
  const goneSlot = props.initialRefusalCode === SLOT_GONE ? firstReservationKey(plan.items) : undefined;
  for (const [k, v] of Object.entries(props.initialValues ?? {})) {
    if (k === goneSlot) continue;
    if (plan.byKey.has(k) && (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))) {
      store.setValue(k, v as FormValue);
    }
  }
  if (props.initialIssues) {
    store.replaceErrors(serverItemErrors(props.initialIssues.issues, props.initialIssues.rows, new Set(plan.byKey.keys())));
  }
  return engine;
};

const firstReservationKey = (items: FormEngine['plan']['items']): string | undefined =>
  items.find((p) => isReservationItem(p) && !p.neverShown)?.key;

const openSectionOf = (engine: FormEngine, key: string) => {
  const section = engine.plan.sectionOf.get(key);
  if (section !== undefined) engine.store.setOpen(section, true);
};

/** Opens the sections holding the given items and brings the first of them into view. */
const revealFirst = (engine: FormEngine, keys: ReadonlySet<string>) => {
  for (const key of keys) {
    const section = engine.plan.sectionOf.get(key);
    if (section !== undefined) engine.store.setOpen(section, true);
  }
  const first = engine.plan.items.find((p) => keys.has(p.key));
  if (!first) return;
  // After the opened sections have rendered.
  const later = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (f: () => void) => setTimeout(f, 0);
  later(() => {
    const el = document.getElementById(itemIdOf(first.key));
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    const input = document.getElementById(inputIdOf(first.key)) ?? el?.querySelector<HTMLElement>('input, textarea, select, button');
    input?.focus({ preventScroll: true });
  });
};

/** The form once the item types it uses are loaded (src/items/registry.ts loads the rarer ones on demand). */
export function SurveyForm<R>(props: SurveyFormProps<R>) {
  const [pending] = useState(() => loadItemUis(props.config.surveySchema.map((i) => i.type)));
  const [state, setState] = useState<'ready' | 'loading' | 'failed'>(pending ? 'loading' : 'ready');
  useEffect(() => {
    let live = true;
    pending?.then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [pending]);
  if (state === 'loading') return <LoadingText />;
  if (state === 'failed') return <ErrorCard />;
  return <LoadedSurveyForm {...props} />;
}

function LoadedSurveyForm<R>(props: SurveyFormProps<R>) {
  const { config, send, onSent, onValuesChange } = props;
  const [engine] = useState(() => setUp(props as SurveyFormProps<unknown>));
  const reservationKeys = engine.plan.items.filter((p) => isReservationItem(p) && !p.neverShown).map((p) => p.key);
  const restoredRefusal = props.initialNotice !== undefined && props.initialRefusalCode !== undefined && SLOT_REFUSALS.has(props.initialRefusalCode);
  const [notice, setNotice] = useState<string | undefined>(() =>
    restoredRefusal ? undefined : (props.initialNotice ?? (props.initialIssues ? ja.form.checkInput : undefined)),
  );
  const [refusal, setRefusal] = useState<ReservationRefusalNotice | null>(() => {
    const key = reservationKeys[0];
    return restoredRefusal && key !== undefined ? { itemKey: key, text: props.initialNotice as string, seq: 1 } : null;
  });
  const stepped = props.reservationFirst === true && reservationKeys.length > 0 && !props.readOnly;
  const [step, setStep] = useState<'slot' | 'form'>('slot');
  const [lastErrorCode, setLastErrorCode] = useState<string | undefined>(undefined);
  // A payment form reads as one (予約する) before its order's code has loaded: no lines yet.
  const [pay, setPay] = useState<FormOrder>(() => (usesPayment(config) ? { ...NO_ORDER, active: true } : NO_ORDER));
  const reportOrder = useCallback((next: FormOrder) => setPay((cur) => (sameOrder(cur, next) ? cur : next)), []);
  const orderWatch = usesPayment(config) ? (
    <Suspense fallback={null}>
      <OrderWatch config={config} store={engine.store} onChange={reportOrder} />
    </Suspense>
  ) : null;
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [sending, setSending] = useState(false);
  /** The pre-submit reservation check is under way. */
  const [checking, setChecking] = useState(false);
  const [sendError, setSendError] = useState<{ message: string; reload: boolean } | undefined>(undefined);
  /** The dialog unmounts on close, so Mantine cannot return focus: the opener gets it back here. */
  const submitRef = useRef<HTMLButtonElement>(null);
  const total = engine.plan.items.length;
  const [limit, setLimit] = useState(() => (total <= ONE_PASS_ITEMS ? total : FIRST_PAINT_ITEMS));

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

  // The dialog is not needed to paint or to type; fetch its code once the form is idle.
  useEffect(() => {
    const t = setTimeout(() => void loadConfirmDialog(), 1500);
    return () => clearTimeout(t);
  }, []);

  /**
   * Back to a reservation with a text: the slot choice in the /calendar flow, else the item itself.
   * The picker shows the text next to the slot choice, scrolls to it and focuses it; a full slot
   * (quota_exceeded) is dropped from the answer, so it no longer reads as the choice.
   */
  const backToReservation = (text: string, itemKey?: string, code?: string) => {
    const key = itemKey ?? reservationKeys[0];
    if (key === undefined) {
      setNotice(text);
      return;
    }
    const held = engine.store.snapshot()[key];
    const lost = code === SLOT_GONE && typeof held === 'string' ? held : undefined;
    if (code === SLOT_GONE) engine.store.setValue(key, undefined);
    setNotice(undefined);
    setRefusal((cur) => ({ itemKey: key, text, seq: (cur?.seq ?? 0) + 1, lost }));
    if (stepped) setStep('slot');
    else openSectionOf(engine, key);
  };

  const checkThenConfirm = async (next: Confirming) => {
    const check = props.checkReservation;
    if (!check || reservationKeys.length === 0) {
      setConfirming(next);
      return;
    }
    setChecking(true);
    let refused: ReservationCheckRefusal | null = null;
    try {
      refused = await check(next.rows, new Set(reservationKeys));
    } catch (e) {
      // The check could not be made: not a refusal (the server checks again on putItem).
      console.warn('reservation check failed', e);
    }
    setChecking(false);
    if (refused) backToReservation(refused.text, refused.itemKey, RESERVATION_LIMIT_CODE);
    else setConfirming(next);
  };

  const submit = () => {
    if (checking) return;
    engine.markAttempted();
    const outcome = prepareSubmit(engine);
    if (outcome.kind === 'invalid') {
      engine.store.replaceErrors(outcome.errors);
      setNotice(ja.form.checkInput);
      revealFirst(engine, new Set(outcome.errors.keys()));
      return;
    }
    engine.store.replaceErrors(new Map());
    if (outcome.kind === 'empty') {
      setNotice(ja.form.checkInput);
      return;
    }
    // Spec 02 §5: an order that cannot be priced (tax not set, a product gone, the limit) stops here.
    const ordering = pay.active && outcome.rows.some((r) => engine.plan.byKey.get(r.itemKey)?.type === 'selectProducts');
    if (ordering && !pay.order) {
      setNotice(pay.problem ?? ja.payment.catalogueFailed);
      return;
    }
    setNotice(undefined);
    setRefusal(null);
    setSendError(undefined);
    void checkThenConfirm({
      rows: outcome.rows,
      entries: outcome.entries,
      ...(ordering && pay.order ? { order: pay.order, paymentPath: pay.paymentPath } : {}),
    });
  };

  const sendAnswers = async () => {
    if (!confirming || sending) return;
    setSending(true);
    setSendError(undefined);
    try {
      const result = await send({
        rows: confirming.rows,
        configVersion: config.version,
        ...(confirming.order ? { order: confirming.order, paymentPath: confirming.paymentPath === true } : {}),
      });
      onSent(result);
    } catch (e) {
      setSending(false);
      if (isApiClientError(e) && e.issues.length > 0) {
        const errors = serverItemErrors(e.issues, confirming.rows, new Set(engine.plan.byKey.keys()));
        if (errors.size > 0) {
          setConfirming(null);
          engine.store.replaceErrors(errors);
          setNotice(ja.form.checkInput);
          revealFirst(engine, new Set(errors.keys()));
          return;
        }
      }
      setLastErrorCode(isApiClientError(e) ? e.code : undefined);
      setSendError(describeSendError(e));
    }
  };

  const clearRefusal = useCallback(() => setRefusal(null), []);
  const backToSlot = () => {
    setStep('slot');
    window.scrollTo?.(0, 0);
  };
  /** Slot choice → confirm: the reservation items must hold a slot. */
  const toForm = () => {
    let ok = true;
    engine.markAttempted();
    for (const key of reservationKeys) {
      if (engine.validate(key) !== undefined) ok = false;
    }
    if (!ok) {
      setNotice(ja.form.checkInput);
      return;
    }
    setNotice(undefined);
    setRefusal(null);
    setStep('form');
    window.scrollTo?.(0, 0);
  };
  const closeConfirm = () => {
    if (sending) return;
    setConfirming(null);
    props.onConfirmClosed?.();
    // The slot was taken meanwhile, or the resident's own limit is reached: back to the calendar
    // to pick another, with the refusal's text.
    if (lastErrorCode !== undefined && SLOT_REFUSALS.has(lastErrorCode) && sendError) backToReservation(sendError.message, undefined, lastErrorCode);
    else setTimeout(() => submitRef.current?.focus(), 0);
    setLastErrorCode(undefined);
  };
  const reservationStep: ReservationStep = {
    summaryOnly: stepped && step === 'form',
    backToSlot,
    monthsShown: config.numberMonthShowCalendar ?? 1,
    refusal,
    onPicked: clearRefusal,
  };

  if (stepped && step === 'slot') {
    return (
      <FormEngineContext value={engine}>
        <ReservationStepContext value={reservationStep}>
          <div className="survey-form" data-testid="survey-form" data-step="slot" data-rendered="all">
            <Stack gap="md">
              {reservationKeys.map((key) => {
                const p = engine.plan.byKey.get(key);
                return p ? <ItemHost key={key} p={p} /> : null;
              })}
              {notice ? (
                <Alert color="red" variant="light" role="alert" data-testid="form-notice">
                  {notice}
                </Alert>
              ) : null}
              <Button size="md" fullWidth onClick={toForm} data-testid="slot-next">
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
      <ReservationStepContext value={reservationStep}>
      <form
        noValidate
        className="survey-form"
        data-testid="survey-form"
        // "all" once every item is in the DOM (benchmarks and tests wait for it).
        data-rendered={limit >= total ? 'all' : 'partial'}
        data-readonly={props.readOnly ? 'true' : undefined}
        data-step={stepped ? 'form' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.readOnly) submit();
        }}
      >
        <Stack gap="md">
          {engine.plan.sections.map((s) => (s.start < limit ? <Section key={s.key || '(lead)'} section={s} limit={limit} /> : null))}
          {notice ? (
            <Alert color="red" variant="light" role="alert" data-testid="form-notice">
              {notice}
            </Alert>
          ) : null}
          {props.readOnly ? null : (
            <Button ref={submitRef} type="submit" size="md" fullWidth loading={checking} data-testid="submit-button">
              {pay.active ? (pay.paymentPath ? ja.payment.toPayment : ja.payment.reserve) : config.submitButtonTitle || ja.form.submitDefault}
            </Button>
          )}
        </Stack>
      </form>
      </ReservationStepContext>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            entries={confirming.entries}
            sending={sending}
            error={sendError?.message}
            reload={sendError?.reload ?? false}
            onClose={closeConfirm}
            onSend={() => void sendAnswers()}
            sendLabel={confirming.paymentPath ? ja.payment.toPayment : undefined}
          />
        </Suspense>
      ) : null}
    </FormEngineContext>
  );
}

/** Spec 01 §8 submit errors: エラーが発生しました。 plus the server's text; network and stale form by their own texts. */
export const describeSendError = (e: unknown): { message: string; reload: boolean } => {
  // The completed-submit guard (spec 01 §8): its text is the whole message.
  if (e instanceof Error && (e as { code?: unknown }).code === 'already_sent') return { message: e.message, reload: false };
  if (!isApiClientError(e)) return { message: ja.errors.unknown, reload: false };
  if (e.code === PAYMENT_OFFLINE) return { message: e.errorMessage, reload: false };
  if (e.needRefresh) return { message: ja.form.needRefresh, reload: true };
  if (e.code === 'network' || e.code === 'timeout') return { message: ja.errors.network, reload: false };
  // Catalogue texts said alone (spec 01 §8): quota_exceeded, temporary_locked…; a reservation over
  // the resident's limits as "{errorMessage}（{checkDetail}）" (spec 02 §8).
  if (e.code === 'quota_exceeded' || e.code === 'temporary_locked' || e.code === RESERVATION_LIMIT_CODE) {
    return { message: writeErrorText(e) ?? e.errorMessage, reload: false };
  }
  return { message: `${ja.form.submitError}${e.errorMessage}`, reload: false };
};
