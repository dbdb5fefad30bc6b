/**
 * The staff dev issuer's sign-in page (staff-oidc-dev.ts): in place of the municipality's IdP,
 * a button per demo staff member and a form for any address (an account made with staff:add, or
 * one with none, to see the refusal). Each choice posts the authorization request back with it.
 */
import type { StaffRole } from '@core/rules/staff';

export interface DevStaffChoice {
  email: string;
  name: string;
  emailVerified: boolean;
}

const ROLE_LABELS: Record<StaffRole, string> = { admin: '管理者', member: 'メンバー', operator: 'オペレーター', guest: 'ゲスト' };

/** The authorization request's parameters, carried through each form. */
const CARRIED = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'] as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

export const pickStaffPage = (
  params: Record<string, string>,
  staff: readonly { email: string; name: string; role: StaffRole }[],
  error?: string,
): string => {
  const hidden = CARRIED.filter((k) => params[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params[k] as string)}">`)
    .join('\n');
  const buttons = staff
    .map(
      (s) =>
        `<li><form method="post" action="authorize">${hidden}<input type="hidden" name="email" value="${escapeHtml(s.email)}">` +
        `<button type="submit" class="staff"><span class="name">${escapeHtml(s.name)}</span>` +
        `<span class="role">${ROLE_LABELS[s.role]}</span><span class="email">${escapeHtml(s.email)}</span></button></form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>開発用 組織アカウント</title>
<style>
  body { font-family: 'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', sans-serif; margin: 0; background: #f1f3f6; color: #222; }
  main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { font-size: .85rem; color: #555; margin: 0 0 1.25rem; }
  .error { background: #fde8e8; color: #a11; padding: .75rem; border-radius: .5rem; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li { margin: 0 0 .5rem; }
  .staff { display: grid; grid-template-columns: 1fr auto; width: 100%; text-align: left; padding: .75rem; background: #fff;
    border: 1px solid #d6dbe3; border-radius: .75rem; font: inherit; cursor: pointer; }
  .staff:hover, .staff:focus { border-color: #2f5fb3; outline: none; }
  .name { font-weight: bold; }
  .role { font-size: .8rem; color: #2f5fb3; }
  .email { grid-column: 1 / -1; font-size: .75rem; color: #666; }
  .other { background: #fff; border: 1px solid #d6dbe3; border-radius: .75rem; padding: .75rem; }
  label { display: block; font-size: .85rem; margin: 0 0 .5rem; }
  input[type=email], input[type=text], select { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; margin-top: .25rem; }
  .other button { margin-top: .5rem; padding: .6rem 1rem; background: #2f5fb3; color: #fff; border: 0; border-radius: .5rem; font: inherit; font-weight: bold; }
</style>
</head>
<body>
<main>
<h1>開発用 組織アカウント</h1>
<p class="note">自治体の認証基盤（Entra ID など）の代わりです（開発用・本番では無効）。サインインする職員を選んでください。</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<ul>
${buttons}
</ul>
<form method="post" action="authorize" class="other">
${hidden}
<label>ほかのメールアドレス（npm run staff:add で作った職員など）
<input type="email" name="email" required maxlength="320" autocomplete="off"></label>
<label>氏名（任意）
<input type="text" name="name" maxlength="100" autocomplete="off"></label>
<label>メールアドレスの確認
<select name="email_verified"><option value="true">確認済み</option><option value="false">未確認</option></select></label>
<button type="submit">このアドレスでサインイン</button>
</form>
</main>
</body>
</html>
`;
};
