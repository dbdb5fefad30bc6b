/**
 * Every Japanese text the PWA shows. Texts quoted from spec 01 are verbatim (including their
 * odd spellings, such as おまちください): operators and residents recognise them, so do not polish.
 * A text the server also sends as a refusal is the refusal catalogue's (core/refusals.ts), not a copy.
 */
import type { MessageKey } from '@core/items/messages';
import { FILE_TEXTS } from '@core/contract/file-rules';
import { FIRST_DOSE_MISSING_TEXT } from '@core/rules/vaccination';
import { refusalText } from '@core/refusals';

/**
 * Validator messages by key (core/items/messages.ts). Spec texts are verbatim, punctuation and
 * all (0~9 with an ASCII tilde, no 。 after 必須です); the texts the spec only names are ours.
 * `{min}` and `{max}` are filled by formatMessage (./format.ts).
 */
const validation = {
  required: '必須です',
  requiredItem: '必須項目',
  requiredShort: '必須',
  invalidValue: '入力内容が正しくありません。',
  numberDigitsOnly: '0~9以外が入力されています',
  numberRange: '範囲内の数値を入力してください。',
  phone: '半角数字10桁-11桁で入力してください。',
  email: '正しいメールを入力してください。',
  postcode: '正しい郵便番号を入力してください。',
  postcodeNotFound: '住所が見つかりません。直接住所を入力してください',
  birthdayFormat: 'フォーマットが正しくありません。',
  code15Length: '15桁入力してください。',
  /** Not in the spec's words: the name rules of spec 02 §5 (30 characters, one extension, …). */
  secureFileName: 'ファイル名は30文字以内で、拡張子（jpg, jpeg, png, heic, heif, pdf）を1つだけ付け、< > : " / \\ | ? * を含めないでください。',
  secureFilesCount: 'ファイルは{max}つまでです。',
  code15Chars: '半角の英字(小文字)・半角の数字・ハイフンのみ入力可能です。',
  formInvalid: refusalText('invalid_answer'),
  lengthMin: '{min}文字以上で入力してください。',
  lengthMax: '{max}文字以内で入力してください。',
  lengthFixed: '{max}文字で入力してください。',
  charAll: refusalText('unusable_character'),
  charAllFull: '全角で入力してください。',
  charKanji: '漢字で入力してください。',
  charHiragana: 'ひらがなで入力してください。',
  charKatakana: '全角カタカナで入力してください。',
  charKatakanaHalf: '半角カタカナで入力してください。',
  charAlphabet: '英字で入力してください。',
  charAlphabetFull: '全角英字で入力してください。',
  charAlphabetHalf: '半角英字で入力してください。',
  charNumber: '数字で入力してください。',
  charNumberFull: '全角数字で入力してください。',
  charNumberHalf: '半角数字で入力してください。',
  halfWidthOnly: '半角文字で入力してください。',
  fullKatakanaOnly: '全角カタカナのみ入力可能です。',
  fullWidthSpaceEdge: '先頭と末尾に全角スペースは入力できません。',
  selectionMin: '{min}個以上選択してください。',
  selectionMax: '{max}個まで選択できます。',
  optionNotInList: '選択肢の中から選んでください。',
  invalidDate: '正しい日付を入力してください。',
  dateFuture: '未来の日付は入力できません。',
  dateBeforeMin: '{min}以降の日付を選んでください。',
  dateAfterMax: '{max}以前の日付を選んでください。',
  dateSessionMissing: '午前・午後を選んでください。',
  dateDropdownYear: '年を選択してください。',
  dateDropdownMonth: '月を選択してください。',
  dateDropdownDay: '日を選択してください。',
  scaleRange: '{min}から{max}の範囲で選んでください。',
  // Not in the spec: a reservation item whose category or item is chosen but no slot yet.
  reservationIncomplete: '予約日時を選択してください。',
  memberNumberFormat: '半角英数字7桁以内で入力してください。',
  memberNumberTaken: refusalText('saiban_exists'),
  // spec 02 §5 names it ("add product details") without a text: ours.
  orderDetailsRequired: '商品明細を追加してください。',
  quantityInteger: '1以上の半角整数を入力してください。',
  purchaseLimit: refusalText('purchase_limit', { limit: '{limit}' }),
  // spec 02 §8 verbatim; too early adds the earliest day (ours).
  vaccineFirstDoseMissing: FIRST_DOSE_MISSING_TEXT,
  vaccineTooEarly: `${FIRST_DOSE_MISSING_TEXT}{date}以降の日付を選んでください。`,
  // spec 02 §5 names "specify a facility" without a text: ours. The blank name's is the spec's.
  facilityRequired: '施設を指定してください。',
  facilityInvalid: refusalText('facility_search_invalid'),
} as const satisfies Record<MessageKey, string>;

export const ja = {
  app: {
    title: 'オンライン受付フォーム',
  },
  start: {
    heading: '受付中のフォーム',
    lead: '回答するフォームを選んでください。',
    empty: '現在受付中のフォームはありません。',
    open: '回答する',
  },
  common: {
    /** spec 01 §2 loading text. */
    loading: '情報を取得中です。しばらくおまちください。',
    reload: '再読み込み',
    close: '閉じる',
    /** The alert dialog's button (src/ui/alert-dialog.tsx). */
    ok: 'OK',
    /** A dialog's ×: named apart from the dialog's own 閉じる button. */
    closeDialog: 'ダイアログを閉じる',
    backToStart: 'トップへ戻る',
    required: '必須',
    honorific: '様',
  },
  /** The header's menu and ログアウト (shared devices: nothing of one resident is left for the next). */
  /** Kiosk tablets at a clinic's reception (src/features/kiosk). */
  kiosk: {
    terminal: '受付端末',
    heading: 'ご用件を選んでください',
    lead: '画面をタッチして、回答するフォームを選んでください。',
    noForms: 'この端末で受け付けているフォームはありません。受付の係員にお声がけください。',
    enrolling: '受付端末として登録しています...',
    noCode: '登録コードがありません。管理者から受け取ったURLをそのまま開いてください。',
    enrolled: '受付端末「{name}」として登録しました。',
    revokedTitle: '受付停止中',
    revoked: refusalText('kiosk_revoked'),
    next: '次の方へ',
    home: '最初の画面に戻る',
    done: '回答を受け付けました。ありがとうございました。',
    answerCodeLead: 'この番号を受付でお伝えください。',
    /** Not in the spec: a kiosk booking of a later day; a kiosk cannot look it up (issue 54). */
    changeAtCounter: '予約の変更・キャンセルは、受付番号をお伝えのうえ窓口でお申し出ください。',
    /** Not in the spec: the same, on a form that gives no 受付番号. */
    changeAtCounterNoCode: '予約の変更・キャンセルは、窓口でお申し出ください。',
    savedOffline: '通信できないため、回答はこの端末に保存されました。通信が戻りしだい自動で送信します。受付の係員にお声がけください。',
    idleWarning: '操作がないため、あと{seconds}秒で最初の画面に戻ります。',
    idleContinue: '操作を続ける',
    waitingForStaff: '送信待ち {count}件',
    /** Stalled answers on a kiosk: the badge is the staff's 再送信. */
    stalledForStaff: '未送信 {count}件・押して再送信',
  },
  login: {
    /** spec 01 §2 Login progress text. */
    inProgress: 'ログイン中...',
    redirecting: 'ログイン画面へ移動しています...',
    stateMismatch: 'ログインの確認に失敗しました。もう一度最初からやり直してください。',
    denied: 'ログインが完了しませんでした。もう一度やり直してください。',
    retry: 'もう一度ログインする',
    /**
     * spec 01 §8 "token-expired message" (the spec gives no wording): the server refused the
     * login (403 IdToken expired., 401), on a load, a search, a cancel or a queued answer.
     */
    expired: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  },
  /** Build switches (core/rules/features.ts): a part switched off; our text, as the server's refusal. */
  features: {
    membersOff: refusalText('members_off'),
  },
  member: {
    title: '会員登録',
    /** Not in the spec: the member registration's completion and the number it gave. */
    done: '会員登録が完了しました。',
    updated: '会員情報を更新しました。',
    numberLabel: '会員番号',
    /** The registration waits in the outbox (offline): the number is known once it is sent. */
    waiting: '会員登録を送信待ちです。送信が完了すると会員番号が表示されます。',
    /** Back to the form that sent the resident here (spec 01 §4). */
    toSurvey: 'フォームへ進む',
    toConfirm: '会員情報を照会する',
    /** /member-confirm/{id}. */
    confirmTitle: '会員情報の照会',
    /** spec 02 §2 member-linked list. */
    info: '会員情報',
    /** Not in the spec: the list's title says what it holds (issue 54), not the member form's name. */
    listTitle: '会員の予約一覧',
    /** The spec's 連携帳票, in the resident's words (issue 54); the empty text is the spec's with it replaced. */
    linkedForm: 'フォーム',
    linkedEmpty: '選んだフォームに回答・予約がありませんでした。',
    /** Not in the spec. */
    noLinkedForms: '会員の方が使えるフォームがありません。',
    backToSearch: '検索画面へ戻る',
    /** Not in the spec: the list reached from the start page, menu or completion by a resident not registered. */
    notMember: 'まだ会員登録がありません。会員登録をすると、会員向けの予約と予約の一覧をご利用いただけます。',
    register: '会員登録へ進む',
    /** Not in the spec: the way to the member's list (completion, start page, menu). */
    toList: '会員の予約一覧を見る',
    /** The menu's, when there is more than one member form. */
    toListOf: '会員の予約一覧を見る（{title}）',
  },
  /** /url-external to a host the operator has not listed: named, and left only on a tap. */
  external: {
    title: '外部サイトへ移動します',
    lead: 'このアプリの外にある次のサイトを開きます。移動先をご確認のうえ、「移動する」を押してください。',
    destination: '移動先',
    go: '移動する',
    back: '戻る',
  },
  notFound: {
    title: 'PAGE NOT FOUND',
    body: 'ごめんなさい！お探しのページは見つかりません。',
  },
  errors: {
    cardTitle: 'エラー',
    /** spec 01 §2 error card (current wording). */
    display: '画面表示中に問題が発生しました。画面を再度読み込んでください。',
    /** spec 01 §8 other load errors. */
    displayFailure: '画面表示中にエラーが発生しました。管理者にお問い合わせください。',
    /** spec 01 §8: config missing or request 404 (two lines). */
    timeout: [
      '●タイムアウトしました。再度やり直してください。',
      '●何度もこの表示が出る場合は、本帳票が無効になっている可能性があります。管理者にお問い合わせください。',
    ],
    /** spec 01 §8: 404 / NotFound. */
    notFound: '●本帳票が無効になっています。管理者にお問い合わせください。',
    /** spec 01 §8: network error. */
    network: 'ネットワークエラーが発生しました。…もう一度再度やり直してください。',
    unknown: '不明なエラーです。',
    /** Not in the spec: a server failure (5xx, 429, a gateway's page) that carried no text of its own. */
    server: 'サーバーが混み合っているか、一時的に利用できません。しばらくしてから、もう一度お試しください。',
    /** spec 01 §8: 409 temporary_locked. */
    temporaryLocked: refusalText('temporary_locked'),
    /** spec 01 §8: quota_exceeded. */
    quotaExceeded: refusalText('quota_exceeded'),
    /** spec 01 §8: form invalid (400 invalid_answer). */
    formInvalid: refusalText('invalid_answer'),
    /** spec 01 §8: cancel deadline passed (403 cancel_deadline_passed). */
    cancelDeadlinePassed: refusalText('cancel_deadline_passed'),
    /** spec 01 §4, §8: cancelling not available (403 cancel_forbidden on a cancel). */
    cancelUnavailable: refusalText('cancel_forbidden'),
    /** spec 01 §8: cancel, payment cancelled. */
    paymentCancelled: refusalText('payment_cancelled'),
    /** spec 01 §8: cancel, payment too old. */
    paymentTooOld: refusalText('payment_cancel_expired'),
    /** spec 01 §8: cancel failure default (the spec's long dash － is kept). */
    cancelDefault: 'エラ－が発生しました。',
    /** spec 01 §8: appended to a thrown cancel error's message. */
    cancelThrownSuffix: '。エラー発生しました。管理者にお問い合わせください。',
    /** spec 01 §8, spec 02 §8: a thrown cancel error with no message of its own (unpunctuated, as the spec writes it). */
    cancelThrownBare: 'エラー発生しました管理者にお問い合わせください',
    /** spec 01 §8: added on the cancel page. */
    cancelPageSuffix: '画面を閉じてやり直してください。',
    /** spec 01 §8: completion notice, also the navigation guard's alert (spec 01 §2). */
    completionNotice:
      '変更処理には時間がかかることがあります。ブラウザバックを行うと処理が正常に終了しない可能性がありますので、必ず一度ブラウザを閉じてください。',
    /** spec 01 §8 search rows. */
    searchNoData: '検索対象のデータがありません',
    searchLoadFailure: '通常の帳票処理中にエラーが発生しました。',
    searchFailure: '検索実行中にエラー発生しました。',
    /** spec 01 §8 member row. */
    memberSchemaMissing: refusalText('member_form_not_found'),
    /** spec 01 §8 results display failure. */
    resultsDisplayFailure: '不明なエラー発生しました。管理者に問い合わせください。',
    resultsExceptionSuffix: 'っというエラー発生しました。管理者に問い合わせ下さい。',
  },
  /** spec 01 §8 display values. */
  display: {
    unknownValue: '不明',
    noReservation: '予約なし',
    badDate: '不明日付形',
    noReservationDate: '予約日付不明',
  },
  lookup: {
    /** The way to /confirm from the start page, the completion page and the header menu. */
    entry: '申込内容の照会',
    /** spec 01 §2 survey selection. */
    surveyType: '照会種別',
    next: '次へ',
    noSearchable: '照会できるフォームがありません。',
    search: '検索',
    requiredMissing: '必須項目を入力してください',
    listTitle: '予約一覧',
    listTitlePayment: '検索結果一覧',
    /** spec 01 §2's other variant: every answer listed is a reservation still to come (features/lookup/list-title.ts). */
    listTitleCurrent: '現在の予約',
    edit: '変更',
    editReservation: '予約・変更',
    details: '詳細',
    cancel: 'キャンセル',
    backToSearch: '検索画面へ戻る',
    answerCode: '受付番号',
    status: '状態',
    /** Shown for a 取り消し record (the old record of a changed answer). */
    amended: '取り消し',
    /** spec 01 §4: time label of a cancelled reservation; also shown for a cancelled plain answer (NG). */
    cancelledLabel: 'キャンセル済',
    answeredAt: '受付日時',
    reservationDate: '予約日',
    reservationTime: '予約時間',
    /** spec 01 §6: stored user ids of another chat account. */
    otherAccount: 'このLINEアカウントではこのデータを閲覧できません。',
    currentInfo: '現在の登録情報',
    backToList: '予約一覧へ戻る',
    cancelSubmit: 'キャンセルする',
    back: '戻る',
    cancelDialogTitle: 'キャンセルしますか',
    dialogCancel: 'キャンセルする',
    dialogClose: '閉じる',
    cancelling: '処理中...',
    /** spec 01 §2 default cancel-completed message. */
    cancelDone: 'キャンセル受付が完了いたしました。',
    /** Not in the spec: under the cancel completion, what was cancelled (the form's title). */
    cancelledWhat: 'キャンセルした申込',
    /**
     * Not in the spec: the cancel page reopened (a reload) for an answer that is already cancelled,
     * or the server's 409 already_cancelled; shown instead of キャンセルする.
     */
    alreadyCancelled: 'この申込はすでにキャンセルされています。',
    /** Not in the spec: the cancel page for a 取り消し record (the old record of a changed answer). */
    amendedNoCancel: 'この申込は変更済みのため、キャンセルできません。',
    emptyList: '表示できるデータがありません。',
    /** Not in the spec: each card's cancel deadline, the last day a change or cancel is accepted. */
    cancelDeadline: '変更・キャンセルの期限：{date}まで',
  },
  survey: {
    residentSuffix: '様',
    noItems: 'このフォームには項目がありません。',
  },
  /** /survey/{id}?partitionKey=…: changing a stored answer (spec 01 §2, §4). */
  edit: {
    /** Why the answer cannot be changed, by answerActions' reason key (the form shows read-only). */
    reasons: {
      adminRegistered: refusalText('admin_registered'),
      completed: 'この回答は完了しているため変更できません。',
      cancelled: 'キャンセル済みのため変更できません。',
      ended: 'この回答は取り消されているため変更できません。',
      editNotAllowed: refusalText('edit_forbidden'),
      editDisabled: refusalText('edit_forbidden'),
      cancelNotAllowed: refusalText('cancel_forbidden'),
      paymentCancelUnavailable: refusalText('cancel_forbidden'),
    },
    /** Status labels shown above the reason. */
    completedLabel: '完了',
    /** updateSettingsOnModification reservationOnlyInfo: only reservation items stay open. */
    reservationOnly: refusalText('reservation_only'),
  },
  form: {
    /** The submit button when the config has no submitButtonTitle; it opens the confirmation. */
    submitDefault: '確認する',
    /** Next to the submit button when the whole-form check fails or nothing would be sent (spec 01 §5). */
    checkInput: refusalText('invalid_answer'),
    /** Not in the spec: the summary when items are in error, next to the submit button. */
    issueCount: '{count}件の項目を確認してください',
    /** Not in the spec: the summary's link to the first item in error. */
    toFirstIssue: '最初の項目へ移動',
    confirmTitle: '入力内容の確認',
    confirmLead: '以下の内容で送信します。よろしいですか？',
    /** Not in the spec: the confirmation of a change to a stored answer, and its old and new slot. */
    changeTitle: '変更の確認',
    changeBefore: '変更前',
    changeAfter: '変更後',
    close: '閉じる',
    send: '送信する',
    /** spec 01 §2: shown on the send button while sending. */
    sending: '送信中...',
    /** spec 01 §8 submit error: this plus the server's text. */
    submitError: 'エラーが発生しました。',
    /**
     * spec 01 §8 submit error, forms with group header or date items: the spec only describes it
     * (cannot be processed in the current version, may be unsupported or in development, contact
     * the admin after a while); these words are ours.
     */
    submitUnsupported:
      '送信された帳票は現在のバージョンでは処理できません。未対応または開発中の機能が含まれている可能性があります。しばらく時間をおいてから管理者にお問い合わせください。',
    needRefresh: 'フォームの内容が更新されています。再読み込みしてからもう一度入力してください。',
    /** spec 01 §1 default end-of-survey text. */
    doneDefault: 'ありがとうございます。情報を更新しました。ブラウザを閉じてください。',
    /** spec 01 §1: the answer code's label. */
    answerCode: '受付番号',
    /** Not in the spec: a change of an appending form's answer issues a new 受付番号 (issue 21). */
    answerCodeChanged: '変更により受付番号が新しくなりました。新しい受付番号をお控えください。',
    previousAnswerCode: '変更前の受付番号：{code}',
  },
  items: {
    counter: '{count}/{max}文字',
    /** Image and secure file items (spec 02 §4, §5, §8); the buttons' words are ours. */
    files: {
      pickPhoto: '写真を選ぶ',
      changePhoto: '写真を変更',
      remove: '削除',
      addFile: 'ファイルを追加',
      download: 'ダウンロード',
      preview: '選んだ写真',
      uploading: 'アップロード中',
      /** Not in the spec: a photo picked offline waits on the device. */
      queued: '通信できるようになったら写真を送信します。',
      /** Not in the spec: a secure file waiting on the device to be sent. */
      fileQueued: '送信待ち',
      statusPending: '準備中',
      statusError: '危険',
      statusInfected: '無効ファイル',
      notReady: FILE_TEXTS.notReady,
      infected: FILE_TEXTS.infected,
      secureFileType: FILE_TEXTS.secureFileType,
      imageSize: FILE_TEXTS.imageSize,
      imageType: FILE_TEXTS.imageType,
      uploadFailed: 'アップロードできませんでした。もう一度お試しください。',
    },
    postcodePlaceholder: '例: 1000001',
    postcodeSearch: '郵便番号から住所を検索',
    /** Not in the spec: the lookup's data could not be fetched (offline, not cached); not the postcode's fault. */
    postcodeLookupOffline: '住所の検索にはインターネット接続が必要です。住所を直接入力してください。',
    datePlaceholder: 'YYYY-MM-DD',
    birthdayPlaceholder: '例: 1990-01-01 または H2.1.1',
    datepickerPlaceholder: '日付を選択',
    /** The date picker's clear button; not in the spec. */
    datepickerClear: '日付を消去',
    /** The date picker's arrow buttons (month, year and decade views); not in the spec. */
    datepickerPrevMonth: '前の月',
    datepickerNextMonth: '次の月',
    datepickerPrevYear: '前の年',
    datepickerNextYear: '次の年',
    datepickerPrevDecade: '前の10年',
    datepickerNextDecade: '次の10年',
    sessionLabel: '午前・午後',
    selectPlaceholder: '選択してください',
    suggestPlaceholder: '入力すると候補が表示されます',
    dateDropdownYear: '年',
    dateDropdownMonth: '月',
    dateDropdownDay: '日',
    dateDropdownBlank: '--',
    searchPlaceholder: 'キーワードで検索',
    searchOptions: '検索結果',
    /** spec 01 §5: shown 200 ms after an empty result. */
    searchEmpty: '検索結果が見つかりません。',
    searchLoading: '読み込み中...',
    /** spec 01 §8 search failure. */
    searchFailed: '検索実行中にエラー発生しました。',
    /** Not in the spec: an automatic number before the server has given it (no empty box). */
    autoNumberPending: '番号は登録時に自動で付けられます。',
    memberNumberPlaceholder: '半角英数字7桁以内',
  },
  offline: {
    /** spec 01 §8: already-sent reservation (the completed-submit guard). */
    alreadySent: 'この予約はすでに送信されています。変更されたい場合は、ブラウザを閉じてからもう一度やり直してください',
    updateAvailable: '新しいバージョンがあります。',
    updateReload: '再読み込み',
    queued: '未送信の回答が{count}件あります。通信が回復すると自動で送信します。',
    sending: '送信中...',
    needsAuth: 'ログインの有効期限が切れたため送信できていません。もう一度ログインしてください。',
    rejected: '送信できなかった回答があります。内容を確認して、もう一度送信してください。',
    /** Entries the outbox stopped sending after many failures in a row (status stalled). */
    stalled: '送信できない状態が続いたため、自動での送信を止めた回答があります。電波の良い所で「再送信」を押してください。',
    resend: '再送信',
    retryNow: '今すぐ再送信',
    discard: '送信を取り消す',
    fromCache: '保存済みの情報を表示しています。最新の情報ではない可能性があります。',
    /** The completion page while the answer waits in the outbox. */
    savedOffline: '通信できないため、回答は端末に保存されました。電波の良い所で自動的に送信されます。',
    delivered: '回答は送信されました。',
    queueTitle: '未送信の回答',
    queueEmpty: '未送信の回答はありません。',
    badgeLabel: '未送信の回答 {count}件',
    /** The badge itself says what it counts (issue 54), not a bare number. */
    badgeCount: '未送信 {count}件',
    badgeNeedsAuth: '要ログイン',
    badgeRejected: '要確認',
    lastError: '最後のエラー: {message}',
    /** Not in the spec: a stored send that failed for the network (the spec's もう一度再度 wording is the live error's only). */
    networkFailed: 'ネットワークに接続できなかったため、送信できませんでした。',
    status: {
      queued: '送信待ち',
      sending: '送信中',
      'needs-auth': 'ログインが必要',
      rejected: '送信できませんでした',
      stalled: '要確認',
      delivered: '送信済み',
    },
    close: '閉じる',
  },
  /** The reservation item and the /calendar page (spec 02 §2, §8). */
  /** Facility search (spec 02 §2, §5, §8); the buttons and labels the spec does not quote are ours. */
  /** Location (spec 02 §2): the three buttons and the dialog's Cancel / Set are the spec's; the rest ours. */
  calendar: {
    /** spec 02 §8: calendarOff, or canBeReserve answering false. */
    calendarOff: refusalText('calendar_off'),
    /** spec 02 §8: no active slot in the loaded bookable window. */
    noSlot: refusalText('slot_unavailable'),
    /** Ours (issue 26): after a slot was lost to someone faster, what is still free, read afresh. */
    stillFree: 'いま空いている枠（最新の状況）:',
    noneFree: '現在、空いている枠はありません。',
    /** Ours (issue 26): the earliest day the interval after the previous dose allows. */
    vaccineFrom: '前回の接種からの間隔により、{date}以降の日付を選んでください。',
    checkingFree: '最新の空き状況を確認しています...',
    /**
     * Ours (spec 02 §8 "reservation check failure: error message followed by the detail in
     * brackets"): the check before the confirmation could not be made; the detail follows in （）.
     */
    checkFailed: '予約状況を確認できませんでした。もう一度お試しください。',
    /** spec 02 §9 default level labels (when neither the item nor tag_labels name them). */
    largeCategory: '大分類',
    mediumCategory: '中分類',
    smallCategory: '小分類',
    categoryPlaceholder: '選択してください',
    itemLabel: '予約項目',
    itemPlaceholder: '予約項目を選択してください',
    dateTimeLabel: '予約日時',
    weekView: '週表示',
    monthView: '月表示',
    prevWeek: '前の週',
    nextWeek: '次の週',
    prevMonth: '前の月',
    nextMonth: '次の月',
    /** Month caption YYYY年M月. */
    monthCaption: '{year}年{month}月',
    /** Week caption: M月D日〜M月D日. */
    weekCaption: '{from}〜{to}',
    /** Weekday headers, Monday first (spec 02 §2: the week starts Monday). */
    weekdays: ['月', '火', '水', '木', '金', '土', '日'],
    remaining: '残り{count}',
    full: '満',
    dayOff: '休',
    disabled: '−',
    /** Time range HH:mm〜HH:mm. */
    timeRange: '{start}〜{end}',
    slotLabel: '{date} {time} {state}',
    stateActive: '予約可能',
    stateFull: '満員',
    stateDayOff: '休診日',
    stateDisabled: '予約不可',
    chosen: '選択中の予約',
    /**
     * Not in the spec (it has no text for it): the chosen slot is already inside its cancel
     * deadline (spec 01 §4), so once booked it can be neither changed nor cancelled.
     */
    pastDeadlineWarning: 'この日時は予約変更・キャンセルの期限を過ぎているため、予約後に変更・キャンセルはできません。お間違いのないようご確認ください。',
    noChoice: '予約日時が選択されていません',
    change: '予約日時を選び直す',
    next: '次へ',
    backToSlot: '予約日時の選択へ戻る',
    loading: '予約枠を読み込んでいます...',
    /** Admin mode: a link button that opens the calendar (spec 01 §2). */
    designateDateTime: '予約日時指定',
    noCalendarForm: '予約を受け付けているフォームがありません。',
  },
  payment: {
    catalogueFailed: '商品情報の取得に失敗しました。',
    toPayment: '決済画面へ',
    reserve: '予約する',
    offline: '決済にはインターネット接続が必要です。接続を確認してから、もう一度「決済画面へ」を押してください。入力内容はこの端末に保存されています。',
  },
  /** Bed stays (spec 02 §2, §8); texts the spec only names are ours. */
  bed: {
    toHistory: '予約履歴を見る',
  },
  validation,
} as const;
