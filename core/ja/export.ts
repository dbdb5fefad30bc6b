/** The fixed columns and the sheet of an answers export (server/exports/), as staff read them in Excel. */
export const jaExport = {
  answerCode: '受付番号',
  status: '状態',
  receivedAt: '受付日時',
  sheet: '回答',
  fileName: '回答',
} as const;
