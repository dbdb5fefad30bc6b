/**
 * One LINE message from a kind, its facts and the form's templates: a Flex bubble with the title
 * in its header, the facts as label/value rows and the lead text in its body, uri buttons in its
 * footer, and an altText for notifications and old clients. Pure; the texts are ./texts.ts.
 */
import type { FlexBox, FlexButton, FlexComponent, LineMessage } from './line-message';
import type { MessageFacts, MessageKind } from './kinds';
import type { FormMessageSettings } from './settings';
import { fillPlaceholders, placeholderValue } from './placeholders';
import { BUTTON_LABELS, DEFAULT_TEMPLATES, ROW_LABELS } from './texts';

/** LINE's limits: altText ≤ 400 characters; a button's uri ≤ 1000, http(s) or line only here. */
export const ALT_TEXT_MAX = 400;
const URI_MAX = 1000;
/** Bounds a filled text so a long template and long facts keep the bubble within LINE's size. */
const TITLE_MAX = 120;
const TEXT_MAX = 1500;

/** Cut to `max` characters (code points, as LINE counts them), with … when cut. */
const cut = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

type Row = readonly [label: string, value: string];

const rowsOf = (kind: MessageKind, f: MessageFacts): Row[] => {
  const rows: Row[] = [[ROW_LABELS.form, f.formTitle]];
  if (f.answerCode) rows.push([ROW_LABELS.answerCode, f.answerCode]);
  if (f.reservation) {
    rows.push([ROW_LABELS.dateTime, placeholderValue('日時', f)], [ROW_LABELS.categories, placeholderValue('予約項目', f)], [ROW_LABELS.place, placeholderValue('場所', f)]);
  }
  if (f.stay) {
    rows.push([ROW_LABELS.admission, placeholderValue('入院日', f)], [ROW_LABELS.discharge, placeholderValue('退院日', f)], [ROW_LABELS.ward, placeholderValue('病棟', f)]);
  }
  if (kind === 'status_changed' && f.status) rows.push([ROW_LABELS.status, f.status.to]);
  // LINE refuses an empty text component: a fact the message does not have is no row.
  return rows.filter(([, v]) => v.trim() !== '');
};

const rowBox = ([label, value]: Row): FlexBox => ({
  type: 'box',
  layout: 'baseline',
  spacing: 'sm',
  contents: [
    { type: 'text', text: label, size: 'sm', color: '#666666', flex: 2 },
    { type: 'text', text: cut(value, TEXT_MAX), size: 'sm', wrap: true, flex: 5 },
  ],
});

const isUsableUri = (uri: string | null): uri is string => uri !== null && uri.length <= URI_MAX && /^(https?|line):\/\/\S+$/.test(uri);

const button = (label: string, uri: string): FlexButton => ({ type: 'button', style: 'link', action: { type: 'uri', label, uri } });

/** The title and lead text: the form's template where it has one that fills to something, else the default. */
const textsOf = (kind: MessageKind, facts: MessageFacts, settings: FormMessageSettings) => {
  const own = settings.templates[kind];
  const filled = (text: string | undefined) => (text === undefined ? '' : fillPlaceholders(text, facts).trim());
  const title = filled(own?.title) || filled(DEFAULT_TEMPLATES[kind].title);
  const body = own?.body !== undefined ? filled(own.body) : filled(DEFAULT_TEMPLATES[kind].body);
  return { title: cut(oneLine(title), TITLE_MAX), body: cut(body, TEXT_MAX) };
};

/** The rows an altText tells, in its order: the date first, as a notification is read at a glance. */
const ALT_ROWS: readonly string[] = [ROW_LABELS.dateTime, ROW_LABELS.categories, ROW_LABELS.place, ROW_LABELS.admission, ROW_LABELS.status, ROW_LABELS.answerCode];

/** 【title】 then the facts that say most, then the lead text. */
const altTextOf = (title: string, rows: readonly Row[], body: string): string => {
  const facts = ALT_ROWS.flatMap((label) => rows.filter(([l]) => l === label)).map(([l, v]) => (l === ROW_LABELS.dateTime ? v : `${l}: ${v}`));
  return cut(oneLine(`【${title}】${[...facts, body].filter((s) => s !== '').join(' ')}`), ALT_TEXT_MAX);
};

export const renderMessage = (kind: MessageKind, facts: MessageFacts, settings: FormMessageSettings): LineMessage => {
  const { title, body } = textsOf(kind, facts, settings);
  const rows = rowsOf(kind, facts);
  const bodyContents: FlexComponent[] = [];
  if (body !== '') bodyContents.push({ type: 'text', text: body, wrap: true, size: 'md' });
  if (rows.length > 0) bodyContents.push({ type: 'box', layout: 'vertical', spacing: 'sm', margin: 'lg', contents: rows.map(rowBox) });
  // A body box must hold something: with no lead and no facts, the title again.
  if (bodyContents.length === 0) bodyContents.push({ type: 'text', text: title, wrap: true });
  const buttons: FlexButton[] = [];
  if (isUsableUri(facts.answerUrl)) buttons.push(button(BUTTON_LABELS.answer, facts.answerUrl));
  if (isUsableUri(facts.receiptUrl)) buttons.push(button(BUTTON_LABELS.receipt, facts.receiptUrl));
  return {
    type: 'flex',
    altText: altTextOf(title, rows, body),
    contents: {
      type: 'bubble',
      header: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: title, weight: 'bold', size: 'lg', wrap: true }] },
      body: { type: 'box', layout: 'vertical', spacing: 'md', contents: bodyContents },
      ...(buttons.length > 0 ? { footer: { type: 'box', layout: 'vertical', spacing: 'sm', contents: buttons } } : {}),
    },
  };
};
