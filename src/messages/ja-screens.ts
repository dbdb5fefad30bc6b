/**
 * The texts of the resident's screens that come in chunks of their own: payment and the receipt,
 * bed stays, facility search, the location item, the account menu. Apart from ja.ts, as
 * ja-console.ts is, so that a resident's first chunk carries none of them (issue 60's budget);
 * the few a first screen shows (the submit button's payment labels, the start page's bed link)
 * stay in ja.ts under the same section names.
 */
import { refusalText } from '@core/refusals';
import { PAYMENT_STATUS_LABELS, PAY_TYPE_LABELS, UNSETTLED_LABELS } from '@core/ja/payment-status';

export const jaScreens = {
  account: {
    menu: 'メニュー',
    signedInAs: '{name} 様',
    signOut: 'ログアウト',
    signingOut: 'ログアウトしています...',
    unsentTitle: '未送信の回答があります',
    unsent:
      '未送信の回答があります（{count}件）。今すぐ送信するか、この端末に残したままログアウトできます。残した回答はほかの方には表示されず、次に同じアカウントでログインしたときに送信されます。',
    stillUnsent: '送信できなかった回答が{count}件あります。電波の良い所でもう一度お試しいただくか、残したままログアウトしてください。',
    sendNow: '今すぐ送信する',
    keepAndSignOut: '残してログアウト',
    stay: 'ログアウトしない',
    /** Not in the spec: drafts go with the session on a shared device (issue 54 says so first). */
    draftsTitle: '入力途中の回答があります',
    drafts: '入力途中の回答が{count}件あります。ログアウトすると、この端末から削除されます。',
    draftsToo: '入力途中の回答（{count}件）は、ログアウトするとこの端末から削除されます。',
    deleteAndSignOut: '削除してログアウト',
  },
  facility: {
    search: '施設を検索',
    change: '施設を変更',
    /** The button's accessible name: its own action, then the item it belongs to (issue 54). */
    buttonName: '{action}（{title}）',
    clear: 'とりけし',
    dialogTitle: '施設検索',
    prefecture: '都道府県',
    keyword: 'キーワード',
    keywordPlaceholder: '例: 市民病院',
    submit: '検索',
    searching: '検索中...',
    results: '検索結果',
    notFound: '該当する施設が見つかりませんでした',
    searchError: refusalText('facility_search_invalid'),
    direct: '施設名を直接入力',
    directUse: 'この施設名で入力',
    confirmTitle: 'この施設でよろしいですか？',
    name: '施設名',
    address: '住所',
    phone: '電話番号',
    back: '戻る',
    confirm: '決定',
    cancel: 'キャンセル',
  },
  location: {
    showMap: '地図を見る',
    clear: 'とりけし',
    useDevice: '位置情報を入力',
    address: '住所',
    lat: '緯度',
    lng: '経度',
    dialogTitle: '地図で位置を選ぶ',
    hint: '地図をタップして位置を選んでください。',
    mapLabel: '地図',
    marker: '選んだ位置',
    cancel: 'キャンセル',
    set: '設定',
    locating: '位置情報を取得しています...',
    deviceError: '位置情報を取得できませんでした。端末の設定で位置情報の利用を許可するか、地図で位置を選んでください。',
    geocodeError: refusalText('geocode_error'),
    noAddress: 'この位置の住所が見つかりませんでした。地図で位置を選び直してください。',
  },
  payment: {
    /** spec 02 §2 order-line dialog and order list. */
    category: '商品分類',
    product: '商品',
    quantity: '数量',
    amountYen: '金額（円）',
    cancel: 'キャンセル',
    remove: '削除',
    save: '保存',
    addLine: '商品を追加',
    dialogTitleNew: '商品の追加',
    dialogTitleEdit: '商品の変更',
    categoryAll: 'すべて',
    productPlaceholder: '選択してください',
    colName: '商品名',
    colCount: '数量',
    colAmount: '金額(円)',
    subtotal: '小計',
    tax: '消費税',
    total: '合計',
    yen: '{amount}円',
    taxFreeMark: '※非課税商品',
    /** Not in the spec: a line a booked reservation item brings (reservationPaymentItemId), not the resident's to change. */
    bookingLine: '予約に含まれます',
    /** spec 02 §8 tax errors and the catalogue's fetch failure (texts ours where the spec only names them). */
    taxNotSet: refusalText('tax_not_set'),
    /** spec 02 §8 "reservation payment item fetch failure" (ours in Japanese): a booking's lines could not be read. */
    reservationItemsFailed: '予約の決済項目を取得できませんでした。',
    productGone: '選択された商品は販売されていません。商品を選び直してください。',
    noService: '決済サービスが設定されていません。',
    payTypeCashless: PAY_TYPE_LABELS[0],
    payTypeCash: PAY_TYPE_LABELS[1],
    /** spec 02 §4: the submit button on the payment path. */
    /** spec 02 §4: the submit button otherwise, on a payment form. */
    /** Not in the spec: the payment path needs the network (the answer is not queued). */
    handingOff: '決済画面へ移動しています...',
    /** Not in the spec: the resident's earlier hand-off is still unpaid (back from the provider's page). */
    pendingTitle: 'お支払いが済んでいないお申し込みがあります',
    pendingLead:
      '「決済画面へ」から進んだお申し込み（{amount}円）のお支払いが完了していません。お支払いを続けるか、お申し込みを取り消してから入力し直してください。取り消すと、押さえていた予約枠は空きに戻ります。',
    continuePayment: 'お支払いを続ける',
    releaseOrder: 'お申し込みを取り消す',
    releasing: '取り消しています...',
    /** spec 02 §2 payment result pages. */
    resultTitle: '決済結果',
    completedDefault: 'ご購入ありがとうございます。決済処理が完了しました。',
    errorTitle: '決済エラー',
    errorLead: '決済中にエラーが発生しました。',
    errorRetry: 'ブラウザを閉じて最初からやり直してください。',
    canceledTitle: '決済キャンセル',
    canceled: '商品の購入をキャンセルしました。最初からやり直してください。',
    /** Not in the spec: the cancelled page's way back to the form the payment started from. */
    backToForm: '入力画面に戻る',
    showReceipt: '領収書を表示',
    orderSummary: 'ご注文内容',
    payMethod: 'お支払い方法',
    paymentStatus: 'お支払い状況',
    completedDate: '決済日時',
    canceledDate: 'キャンセル日時',
    pending: '決済の結果を確認しています。しばらくしてから画面を開き直してください。',
    orderId: '注文番号：{id}',
    /** Not in the spec: the result page's booked slot heading. */
    booked: 'ご予約内容',
    /** An order the provider has not yet notified. */
    pendingShort: UNSETTLED_LABELS.pending,
    /** Not in the spec: an order given back unpaid (cancelled, declined or expired); nothing was charged. */
    releasedShort: UNSETTLED_LABELS.released,
    /** spec 02 §3 payment states 0–4, as the office names them (one list: core/ja/payment-status.ts). */
    statuses: PAYMENT_STATUS_LABELS,
    /**
     * The same states in a resident's words (issue 54): an authorised card is paid as far as the
     * resident can tell (決済完了), a cancelled authorisation charged nothing.
     */
    residentStatuses: ['決済完了', '対象外', '返金済み', '決済完了', 'キャンセル（請求なし）'],
    failed: 'お支払いは完了していません。',
  },
  receipt: {
    title: '領収書',
    addressee: '様',
    addresseeLabel: '宛名',
    date: '取引日',
    answerCode: '受付番号',
    copy: 'コピー',
    copied: '受付番号をコピーしました',
    copyFailed: 'コピーできませんでした',
    content: '取引内容',
    payMethod: 'お支払い方法',
    lines: 'ご購入明細',
    issuer: '発行者',
    address: '住所',
    taxLine: '消費税（{rate}%）',
    missing: '--',
    /** spec 02 §8. */
    badUrl: '不正なURLです。',
    loadFailed: '画面表示中にエラーが発生しました 。',
    payMethods: { credit: 'クレジットカード', credit3d2: 'クレジットカード', linepay: 'LINE Pay', paypay: 'PayPay', cash: '現金' },
  },
  bed: {
    title: '入院予約',
    back: '前の月',
    today: '今日',
    next: '次の月',
    /** spec 02 §2: Sunday first. */
    weekdays: ['日', '月', '火', '水', '木', '金', '土'],
    monthCaption: '{year}年{month}月',
    remaining: '残り{count}床',
    none: 'X',
    pickDay: '入院日を選んでください。',
    /** Not in the spec: days before reservationPossibleStart are greyed, and this says why. */
    firstDay: '{date}以降の日を選べます。',
    noBeds: '空きなし',
    stayTitle: '入院期間',
    stayLength: '入院期間（泊数）',
    startSession: '入院日の時間帯',
    endSession: '退院日の時間帯',
    admission: '入院日',
    discharge: '退院日',
    choose: '決定',
    cancel: 'キャンセル',
    next2: '確認へ進む',
    changeDates: '日程を変更',
    confirmTitle: '予約を確認',
    /** spec 02 §2: edit mode's confirm buttons. */
    confirmRevoke: '取り消し',
    confirmChange: '変更',
    confirmBack: '戻る',
    confirmSend: '予約する',
    finishDefault: 'ベッドの予約を受け付けました。',
    finishChanged: 'ベッドの予約情報を変更しました。',
    queued: '送信待ちです。電波の届く所で自動的に送信されます。',
    historyTitle: '入院予約の履歴',
    historyEmpty: '予約はありません。',
    /** spec 02 §4: 未対応 is a tentative reservation, 対応済 a confirmed one. */
    tentative: '仮予約',
    confirmed: '予約確定',
    cancelled: 'キャンセル済',
    detailTitle: '予約の詳細',
    edit: '予約内容を変更',
    cancelStay: '予約をキャンセル',
    cancelConfirm: 'この予約をキャンセルしますか？',
    cancelYes: 'キャンセルする',
    cancelNo: '戻る',
    cancelDone: 'キャンセル受付が完了いたしました。',
    /** Not in the spec: under the cancel completion, what was cancelled (the form's title). */
    cancelledWhat: 'キャンセルした申込',
    /** spec 02 §8. */
    deadlinePassed: refusalText('deadline_passed'),
    /** Not in the spec: said before a stay is booked inside the cancel limit, as the clinic calendar does (issue 54). */
    insideLimit: 'この入院日は予約のキャンセル・変更が可能な期限を過ぎているため、予約後にキャンセル・変更はできません。お間違いのないようご確認ください。',
    unknownError: '不明なエラーです。管理者にお問い合わせください。',
    noDay: refusalText('invalid_answer'),
  },
} as const;
