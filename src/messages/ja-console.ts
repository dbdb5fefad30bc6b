/**
 * The staff console's texts (our words: the spec shows no admin screens). Apart from ja.ts so that
 * a resident's first chunk carries none of them; the refusals' texts come from core/refusals.ts.
 */
export const jaConsole = {
  title: 'さくらフォーム 職員画面',
  signIn: {
    heading: '職員サインイン',
    email: 'メールアドレス',
    password: 'パスワード',
    code: '確認コード',
    codeHint: '認証アプリに表示される6桁のコード、またはリカバリーコードを入力してください。',
    submit: 'サインイン',
    passkey: 'パスキーでサインイン',
    oidc: '組織のアカウントでサインイン',
    or: 'または',
    expired: 'サインインの有効期限が切れました。もう一度サインインしてください。',
    signedOut: 'サインアウトしました。',
  },
  setup: {
    heading: 'アカウントの設定',
    lead: '{name}さん（{email}）のパスワードと2段階目の確認方法を設定します。この画面のリンクは一度だけ使えます。',
    factor: '2段階目の確認方法',
    factorTotp: '認証アプリ',
    factorPasskey: 'パスキー',
    passkeyLead:
      'この端末（指紋・顔認証・PINなど）またはセキュリティキーにパスキーを作成します。「設定する」を押すと、ブラウザーの案内が表示されます。',
    noToken: '設定用リンクが正しくありません。管理者から受け取ったリンクをそのまま開いてください。',
    password: '新しいパスワード（12文字以上）',
    passwordAgain: '新しいパスワード（確認）',
    mismatch: '確認用のパスワードが一致しません。',
    qrLead: '認証アプリ（Google Authenticator、Microsoft Authenticator など）でこのQRコードを読み取ってください。',
    secretLabel: 'QRコードを読み取れない場合のキー',
    code: '認証アプリに表示された6桁のコード',
    submit: '設定する',
    doneHeading: '設定が完了しました',
    recoveryLead:
      'リカバリーコードは、認証アプリを使えないときに確認コードの代わりに一度ずつ使えます。この画面でしか表示されません。印刷するか、安全な場所に保管してください。',
    toSignIn: 'サインイン画面へ',
  },
  passkey: {
    /** The label stored with a passkey made at set-up or added later. */
    name: 'パスキー',
    cancelled: 'パスキーの操作が取り消されたか、時間切れになりました。もう一度お試しください。',
    already: 'この端末またはセキュリティキーには、すでにパスキーが登録されています。',
    failed: 'パスキーを使えませんでした。別の方法をお試しください。',
    unsupported: 'このブラウザーはパスキーに対応していません。認証アプリを使ってください。',
  },
  home: {
    heading: '担当のフォーム',
    none: '担当のフォームはありません。管理者にチームの設定を依頼してください。',
    form: 'フォーム',
    teams: 'チーム',
    register: '窓口で登録',
    signOut: 'サインアウト',
    sessionEnds: '操作がない場合 {time} にサインアウトします',
  },
} as const;

