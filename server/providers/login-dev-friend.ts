/**
 * The dev issuer's stand-in for LINE Login's add-friend prompt (bot_prompt): a 「友だち追加」 choice
 * on the pick page, applied on approval to the Messaging API stand-in (line-messaging-local.ts),
 * so a demo can sign in a resident who is not a friend and show that they get no messages.
 */
import type { AppConfig } from '../config';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

/** Whether the approval adds the official account as a friend: yes unless `dev_friend=0`, as LINE's box starts ticked. */
export const wantsFriend = (params: Record<string, string>): boolean => params['dev_friend'] !== '0';

/** The choice, as two links that reload the page with dev_friend set (the page has no script). */
export const friendChoiceHtml = (carried: Array<[string, string]>): string => {
  const others = carried.filter(([k]) => k !== 'dev_friend');
  const chosen = wantsFriend(Object.fromEntries(carried));
  const link = (value: '1' | '0', label: string, on: boolean) =>
    `<a class="choice${on ? ' on' : ''}" aria-current="${on ? 'true' : 'false'}" href="${esc(`authorize?${new URLSearchParams([...others, ['dev_friend', value]]).toString()}`)}">${label}</a>`;
  return `<div class="friend" role="group" aria-label="友だち追加">
<p>友だち追加: 公式アカウント（開発用）</p>
${link('1', '友だち追加する', chosen)}${link('0', '友だち追加しない', !chosen)}
</div>`;
};

export const FRIEND_CHOICE_CSS = `
  .friend { background: #fff; border: 1px solid #dde2df; border-radius: .75rem; padding: .75rem; margin: 0 0 1rem; }
  .friend p { margin: 0 0 .5rem; font-size: .85rem; }
  .choice { display: inline-block; margin-right: .5rem; padding: .4rem .75rem; border-radius: 1rem; border: 1px solid #06c755; color: #06c755; text-decoration: none; font-size: .85rem; }
  .choice.on { background: #06c755; color: #fff; }`;

/**
 * Tells the stand-in the resident's choice. Only when pushes go to a stand-in; a failure does not
 * stop the sign-in (the stand-in may be down), it is only returned.
 */
export const applyFriendChoice = async (config: AppConfig, userId: string, friend: boolean, displayName: string | undefined): Promise<string | null> => {
  const line = config.lineMessaging;
  if (!line?.controlUrl) return null;
  try {
    const res = await fetch(`${line.controlUrl}/friends`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId, friend, ...(displayName ? { displayName } : {}) }),
      signal: AbortSignal.timeout(3000),
    });
    return res.ok ? null : `stand-in answered ${res.status}`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
};
