/**
 * The development chat page (/dev/line-chat): what each mock resident's LINE would show of the
 * official account, read from the stand-in's accepted pushes. Text as text; a Flex bubble drawn
 * from its header, body and footer boxes (texts, separators, uri buttons as links) with its
 * altText as the caption a notification shows. Server HTML, no script: a meta refresh redraws it.
 */
import type { Context } from 'hono';
import type { FlexBox, FlexComponent } from '@core/messages/line-message';
import type { AppConfig } from '../config';
import type { AcceptedPush } from './line-messaging-local';
import { DEV_RESIDENTS } from './login-dev';

export interface ChatColumn {
  userId: string;
  name: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/** Only a plain colour reaches a style attribute. */
const colourOf = (v: unknown) => (typeof v === 'string' && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(v) ? v : null);
/** Only web and LINE links become hrefs: a template's javascript: or data: URI stays text. */
const safeUri = (v: unknown) => (typeof v === 'string' && /^(https?:|line:|tel:|mailto:)/i.test(v) ? v : null);

const SIZES: Record<string, string> = { xxs: '.65rem', xs: '.72rem', sm: '.82rem', md: '.92rem', lg: '1.05rem', xl: '1.2rem', xxl: '1.4rem' };

const component = (c: FlexComponent): string => {
  switch (c.type) {
    case 'text': {
      const style = [`font-size:${SIZES[c.size ?? 'md'] ?? SIZES['md']}`, c.weight === 'bold' ? 'font-weight:bold' : '', colourOf(c.color) ? `color:${colourOf(c.color)}` : '', c.flex !== undefined ? `flex:${Number(c.flex) || 0}` : '']
        .filter(Boolean)
        .join(';');
      return `<p class="t" style="${style}">${esc(String(c.text ?? ''))}</p>`;
    }
    case 'separator':
      return '<hr class="sep">';
    case 'button': {
      const href = safeUri(c.action?.uri);
      const label = esc(String(c.action?.label ?? ''));
      const cls = `btn ${c.style === 'primary' ? 'primary' : c.style === 'secondary' ? 'secondary' : 'link'}`;
      return href ? `<a class="${cls}" href="${esc(href)}" target="_blank" rel="noopener noreferrer">${label}</a>` : `<span class="${cls}">${label}</span>`;
    }
    case 'box':
      return box(c);
    default:
      return `<p class="t unknown">(${esc(String((c as { type?: unknown }).type))})</p>`;
  }
};

const box = (b: FlexBox, part?: string): string =>
  `<div class="box ${b.layout === 'vertical' ? 'v' : 'h'}${part ? ` ${part}` : ''}">${(Array.isArray(b.contents) ? b.contents : []).map(component).join('')}</div>`;

const messageHtml = (m: unknown): string => {
  const msg = m as { type?: unknown; text?: unknown; altText?: unknown; contents?: { header?: FlexBox; body?: FlexBox; footer?: FlexBox } };
  if (msg.type === 'text') return `<div class="bubble text">${esc(String(msg.text ?? ''))}</div>`;
  if (msg.type === 'flex' && msg.contents) {
    const parts = (['header', 'body', 'footer'] as const).map((k) => (msg.contents?.[k] ? box(msg.contents[k] as FlexBox, k) : '')).join('');
    return `<figure class="bubble flex">${parts}<figcaption>${esc(String(msg.altText ?? ''))}</figcaption></figure>`;
  }
  return `<div class="bubble text">(${esc(String(msg.type))})</div>`;
};

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

const columnHtml = (col: ChatColumn, pushes: AcceptedPush[]): string => {
  const mine = pushes.filter((p) => p.to === col.userId).sort((a, b) => a.acceptedAt.localeCompare(b.acceptedAt));
  const shown = mine.filter((p) => p.delivered);
  const hidden = mine.length - shown.length;
  const rows = shown
    .flatMap((p) => p.messages.map((m) => `<li>${messageHtml(m)}<time datetime="${esc(p.acceptedAt)}">${esc(timeOf(p.acceptedAt))}</time></li>`))
    .join('');
  return `<section class="chat" data-user="${esc(col.userId)}" aria-label="${esc(col.name)}">
<header><span class="name">${esc(col.name)}</span><span class="uid">${esc(col.userId)}</span></header>
<ol>${rows || '<li class="none">メッセージはまだありません</li>'}</ol>
${hidden > 0 ? `<p class="undelivered">友だちではないため届かなかったメッセージ: ${hidden} 件</p>` : ''}
</section>`;
};

/**
 * The page's handler: the pushes are read over HTTP from the stand-in the server sends to (its own,
 * or one LINE_MESSAGING_API_URL names for several processes), through its control endpoints.
 */
export const devLineChatHandler = (config: AppConfig) => async (c: Context) => {
  const columns = DEV_RESIDENTS.map((r) => ({ userId: r.userId, name: r.name }));
  const line = config.lineMessaging;
  let pushes: AcceptedPush[] = [];
  let note: string | null = null;
  if (!line?.controlUrl) {
    note = line ? '実際の LINE に送信する設定のため、ここには表示されません。' : 'LINE メッセージの送信は無効です。';
  } else {
    try {
      const res = await fetch(`${line.controlUrl}/messages`, { signal: AbortSignal.timeout(3000) });
      pushes = ((await res.json()) as { messages: AcceptedPush[] }).messages;
    } catch (e) {
      note = `LINE の代替サーバー (${line.controlUrl}) から読めませんでした: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  c.header('Cache-Control', 'no-store');
  return c.html(chatPage(columns, pushes, note));
};

/** The whole page; `note` says why no messages could be read (stand-in unreachable, real LINE). */
const chatPage = (columns: ChatColumn[], pushes: AcceptedPush[], note: string | null): string => {
  const known = new Set(columns.map((c) => c.userId));
  const others = [...new Set(pushes.map((p) => p.to).filter((to) => !known.has(to)))].map((userId) => ({ userId, name: 'その他の宛先' }));
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="2">
<title>LINE トーク（開発用）</title>
<style>
  body { margin: 0; font-family: 'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', sans-serif; background: #e9edf0; color: #111; }
  h1 { font-size: 1rem; margin: 0; padding: .75rem 1rem; background: #06c755; color: #fff; }
  .note { margin: .5rem 1rem; font-size: .85rem; color: #a11; }
  .cols { display: flex; gap: .75rem; padding: .75rem; overflow-x: auto; align-items: flex-start; }
  .chat { flex: 0 0 min(360px, 92vw); background: #8cabd9; border-radius: .75rem; overflow: hidden; }
  .chat header { background: #283a52; color: #fff; padding: .5rem .75rem; }
  .name { display: block; font-weight: bold; }
  .uid { display: block; font-size: .65rem; opacity: .8; word-break: break-all; font-family: ui-monospace, monospace; }
  ol { list-style: none; margin: 0; padding: .75rem; display: flex; flex-direction: column; gap: .6rem; }
  li { display: flex; align-items: flex-end; gap: .35rem; }
  li.none { color: #fff; font-size: .85rem; }
  time { font-size: .65rem; color: #f4f6fa; white-space: nowrap; }
  .bubble { background: #fff; border-radius: 1rem; max-width: 80%; margin: 0; }
  .bubble.text { padding: .55rem .8rem; white-space: pre-wrap; word-break: break-word; font-size: .92rem; }
  .bubble.flex { overflow: hidden; width: 80%; }
  .box { display: flex; gap: .3rem; }
  .box.v { flex-direction: column; }
  .box.h { flex-direction: row; }
  .header, .body, .footer { padding: .75rem; }
  .header { border-bottom: 1px solid #eee; }
  .t { margin: 0; white-space: pre-wrap; word-break: break-word; }
  .sep { border: 0; border-top: 1px solid #ddd; margin: .35rem 0; width: 100%; }
  .btn { display: block; text-align: center; padding: .55rem; border-radius: .5rem; text-decoration: none; font-size: .9rem; }
  .btn.primary { background: #06c755; color: #fff; }
  .btn.secondary { background: #eef1f4; color: #111; }
  .btn.link { color: #2a64c5; }
  figcaption { font-size: .7rem; color: #666; padding: .35rem .75rem .5rem; border-top: 1px solid #f0f0f0; }
  .undelivered { margin: 0; padding: .5rem .75rem; font-size: .75rem; background: #fff4d6; }
</style>
</head>
<body>
<h1>LINE トーク（開発用・公式アカウントからのメッセージ）</h1>
${note ? `<p class="note" role="alert">${esc(note)}</p>` : ''}
<div class="cols">
${[...columns, ...others].map((c) => columnHtml(c, pushes)).join('\n')}
</div>
</body>
</html>
`;
};
