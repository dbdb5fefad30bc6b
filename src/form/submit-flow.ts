/**
 * The survey form's way from its submit button to a sent answer (spec 01 §2, §8; spec 02 §2, §5):
 * the whole-form check, which opens and focuses the first error; the /calendar flow's slot step;
 * the pre-submit reservation check; the confirmation dialog's state; the send; and the server's
 * refusals: per item back in the form, a reservation's at its slot choice, the rest as the
 * dialog's text. survey-form.tsx renders what this decides.
 */
import { useCallback, useRef, useState } from 'react';
import type { AnswerRowInput } from '@core/contract/survey';
import type { PaymentOrder } from '@core/contract/payment';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { RESERVATION_LIMIT_CODE } from '@core/rules/reservation-limits';
import { isApiClientError } from '../lib/api-error';
import { writeErrorText } from '../lib/error-text';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { PAYMENT_OFFLINE } from '../payment/codes';
import type { FormOrder } from '../payment/form-order';
import type { FormEngine } from './engine-context';
import { firstInForm, openSectionOf, revealFirst } from './reveal';
import type { ReservationRefusalNotice } from './step-context';
import { prepareSubmit, serverItemErrors, withOrderEntry, type ConfirmEntry } from './submit';

/** A reservation the pre-submit check refused: the item to go back to and the text to show. */
export interface ReservationCheckRefusal {
  itemKey: string;
  text: string;
  /** The check could not be made: its text stays at the form, no dialog, the slot kept. */
  failed?: true | undefined;
}

/** Refusals that send the resident back to the slot choice: the slot, or their own limit, is gone. */
const SLOT_REFUSALS: ReadonlySet<string> = new Set(['quota_exceeded', RESERVATION_LIMIT_CODE]);
/** The slot filled up: it is no longer the resident's choice (their own limit keeps it, to change). */
export const SLOT_GONE = 'quota_exceeded';

/** The text next to the submit button; with items in error, the first of them to go to. */
export interface FormNotice {
  text: string;
  firstKey?: string | undefined;
}

export interface SendRequest {
  rows: AnswerRowInput[];
  configVersion: number;
  /** A payment form's order (spec 02 §3), priced from the cached catalogue. */
  order?: PaymentOrder | undefined;
  /** Spec 02 §4: the answer is paid by card first (決済画面へ); it is not queued in the outbox. */
  paymentPath?: boolean | undefined;
}

interface Confirming {
  rows: AnswerRowInput[];
  entries: ConfirmEntry[];
  order?: PaymentOrder | undefined;
  paymentPath?: boolean | undefined;
}

export interface SubmitFlowOptions<R> {
  engine: FormEngine;
  config: ServedSurveyConfig;
  send: (request: SendRequest) => Promise<R>;
  onSent: (result: R) => void;
  /** The shown reservation items' keys, in form order. */
  reservationKeys: readonly string[];
  /** The /calendar flow: the reservation items are a step of their own before the rest. */
  stepped: boolean;
  /** The payment form's order as it stands (NO_ORDER on a form without payment). */
  pay: FormOrder;
  /** An amend: the stored order stands, none is sent (survey-form.tsx orderFixed). */
  orderFixed: boolean;
  /** A queued answer the server refused, by its catalogue text, and the refusal's code. */
  initialNotice?: string | undefined;
  initialRefusalCode?: string | undefined;
  /** After quota_exceeded: the refused answer's slot, no longer the choice (survey-form.tsx drops it). */
  initialLost?: string | undefined;
  /** The form opens with a refused answer's per-item problems. */
  initialIssues: boolean;
  checkReservation?: ((rows: readonly AnswerRowInput[], reservationKeys: ReadonlySet<string>) => Promise<ReservationCheckRefusal | null>) | undefined;
  onConfirmClosed?: (() => void) | undefined;
}

export const useSubmitFlow = <R>(o: SubmitFlowOptions<R>) => {
  const { engine, config, send, onSent, reservationKeys, stepped, pay } = o;
  const restoredRefusal = o.initialNotice !== undefined && o.initialRefusalCode !== undefined && SLOT_REFUSALS.has(o.initialRefusalCode);
  const [notice, setNoticeState] = useState<FormNotice | undefined>(() => {
    const text = restoredRefusal ? undefined : (o.initialNotice ?? (o.initialIssues ? ja.form.checkInput : undefined));
    return text === undefined ? undefined : { text };
  });
  const setNotice = (text: string | undefined) => setNoticeState(text === undefined ? undefined : { text });
  /** Items in error: the summary counts them and leads to the first (ours, docs/SPEC-NOTES.md). */
  const showIssues = (keys: ReadonlySet<string>) => {
    const firstKey = firstInForm(engine, keys);
    setNoticeState(firstKey === undefined ? { text: ja.form.checkInput } : { text: fill(ja.form.issueCount, { count: keys.size }), firstKey });
    revealFirst(engine, keys);
  };
  const [refusal, setRefusal] = useState<ReservationRefusalNotice | null>(() => {
    const key = reservationKeys[0];
    if (!restoredRefusal || key === undefined) return null;
    // A slot lost while the answer waited in the outbox: the picker keeps its categories and offers what is free.
    const lost = o.initialRefusalCode === SLOT_GONE ? o.initialLost : undefined;
    return { itemKey: key, text: o.initialNotice as string, seq: 1, lost };
  });
  const [step, setStep] = useState<'slot' | 'form'>('slot');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [sending, setSending] = useState(false);
  /** The pre-submit reservation check is under way. */
  const [checking, setChecking] = useState(false);
  const [sendError, setSendError] = useState<{ message: string; reload: boolean } | undefined>(undefined);
  /** The dialog unmounts on close, so Mantine cannot return focus: the opener gets it back here. */
  const submitRef = useRef<HTMLButtonElement>(null);

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
    const check = o.checkReservation;
    if (!check || reservationKeys.length === 0) {
      setConfirming(next);
      return;
    }
    setChecking(true);
    let refused: ReservationCheckRefusal | null = null;
    try {
      refused = await check(next.rows, new Set(reservationKeys));
    } catch (e) {
      // The check's own code did not load (offline, as codeNotLoaded reads it): the server checks
      // again on putItem, and an answer sent offline waits visibly in the outbox.
      console.warn('reservation check not made', e);
    }
    setChecking(false);
    if (refused?.failed) setNotice(refused.text);
    else if (refused) backToReservation(refused.text, refused.itemKey, RESERVATION_LIMIT_CODE);
    else setConfirming(next);
  };

  const submit = () => {
    if (checking) return;
    engine.markAttempted();
    const outcome = prepareSubmit(engine);
    if (outcome.kind === 'invalid') {
      engine.store.replaceErrors(outcome.errors);
      showIssues(new Set(outcome.errors.keys()));
      return;
    }
    engine.store.replaceErrors(new Map());
    if (outcome.kind === 'empty') {
      setNotice(ja.form.checkInput);
      return;
    }
    // Spec 02 §5: an order that cannot be priced (tax not set, a product gone, the limit) stops here.
    // A booking's own lines make an order without a products row (priced, or failing to be). An
    // amend sends none: the stored order stands, and the server refuses one that differs.
    const ordering =
      pay.active &&
      !o.orderFixed &&
      (pay.order !== null || pay.problem !== undefined || outcome.rows.some((r) => engine.plan.byKey.get(r.itemKey)?.type === 'selectProducts'));
    if (ordering && !pay.order) {
      setNotice(pay.problem ?? ja.payment.catalogueFailed);
      return;
    }
    setNotice(undefined);
    setRefusal(null);
    setSendError(undefined);
    void checkThenConfirm({
      rows: outcome.rows,
      entries: ordering && pay.order ? withOrderEntry(engine.plan, outcome.entries, pay.order) : outcome.entries,
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
          showIssues(new Set(errors.keys()));
          return;
        }
      }
      const described = describeSendError(e, { longUnknown: hasLongUnknownText(config) });
      // The slot was taken meanwhile, or the resident's own limit is reached: the dialog closes at
      // once and the form shows the text at the slot choice (with what is still free), so the
      // dialog's 送信する can never send the full slot again.
      if (isApiClientError(e) && SLOT_REFUSALS.has(e.code)) {
        setConfirming(null);
        o.onConfirmClosed?.();
        backToReservation(described.message, undefined, e.code);
        return;
      }
      setSendError(described);
    }
  };

  const clearRefusal = useCallback(() => setRefusal(null), []);
  // Stable: it is in the reservation step's context value, which reaches every section (form-sections.tsx).
  const backToSlot = useCallback(() => {
    setStep('slot');
    window.scrollTo?.(0, 0);
  }, []);
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
    o.onConfirmClosed?.();
    setTimeout(() => submitRef.current?.focus(), 0);
  };

  /** The summary's link: the first item still in error, else the one the summary named. */
  const toFirstIssue = () => {
    const inError = new Set(engine.plan.items.filter((p) => engine.store.getError(p.key) !== undefined).map((p) => p.key));
    revealFirst(engine, inError.size > 0 ? inError : new Set(notice?.firstKey === undefined ? [] : [notice.firstKey]));
  };

  return { notice, toFirstIssue, refusal, step, confirming, sending, checking, sendError, submitRef, submit, sendAnswers, toForm, backToSlot, closeConfirm, clearRefusal };
};

/** Spec 01 §8: the item types that make an unknown submit failure read the longer text. */
const LONG_UNKNOWN_TYPES: ReadonlySet<string> = new Set(['groupHeader', 'date', 'dateWithSession', 'datepicker', 'birthday', 'dateDropdown']);

/** Whether the form has a group header or a date item (spec 01 §8 submit error's longer text). */
export const hasLongUnknownText = (config: Pick<ServedSurveyConfig, 'surveySchema'>): boolean =>
  config.surveySchema.some((item) => LONG_UNKNOWN_TYPES.has(item.type));

/**
 * Spec 01 §8 submit errors: エラーが発生しました。 plus the server's text; network and stale form by
 * their own texts. Unknown (not a server answer, or one that does not match the contract) reads
 * 不明なエラーです。, or on a form with a group header or date item the longer "cannot be processed
 * in this version" text.
 */
export const describeSendError = (e: unknown, { longUnknown = false }: { longUnknown?: boolean } = {}): { message: string; reload: boolean } => {
  // The completed-submit guard (spec 01 §8): its text is the whole message.
  if (e instanceof Error && (e as { code?: unknown }).code === 'already_sent') return { message: e.message, reload: false };
  const unknown = longUnknown ? ja.form.submitUnsupported : ja.errors.unknown;
  if (!isApiClientError(e) || e.code === 'invalid_response') return { message: unknown, reload: false };
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
