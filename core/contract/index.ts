/**
 * The whole contract in one import, and `endpoints`: every call by name, for the server to register
 * and for tests to check as a table.
 */
import type { EndpointDef } from './define';
import * as survey from './survey';
import * as calendars from './calendars';
import * as payment from './payment';
import * as bed from './bed';
import * as member from './member';
import * as files from './files';
import * as facility from './facility';
import * as maps from './maps';
import * as searches from './searches';
import * as kiosk from './kiosk';
import * as staff from './staff';
import * as staffMembers from './staff-members';
import * as staffAnswers from './staff-answers';
import * as staffStatuses from './staff-statuses';
import * as staffDaySheet from './staff-day-sheet';
import * as staffSlots from './staff-slots';
import * as staffForms from './staff-forms';
import * as staffCalendarConfig from './staff-calendars';
import * as staffCategories from './staff-categories';
import * as staffBedConfig from './staff-bed-config';
import * as staffBedWards from './staff-bed-wards';
import * as staffCounts from './staff-counts';
import * as staffExports from './staff-exports';
import * as staffPayments from './staff-payments';
import * as staffKiosks from './staff-kiosks';
import * as staffAccounts from './staff-accounts';
import * as staffMemberConfig from './staff-member-config';
import * as staffProducts from './staff-products';

export * from './define';
export * from './envelope';
export * from './auth';
export * from './input';
export * from './survey';
export * from './calendars';
export * from './payment';
export * from './bed';
export * from './member';
export * from './files';
export * from './facility';
export * from './maps';
export * from './searches';
export * from './kiosk';
export * from './staff';
export * from './staff-members';
export * from './staff-answers';
export * from './staff-statuses';
export * from './staff-day-sheet';
export * from './staff-bed-wards';
export * from './staff-counts';
export * from './staff-exports';
export * from './staff-payments';

/**
 * Order matters to whoever registers routes from this table: Hono tries routes in registration
 * order, so a static path (`/payment-results/receipt`) comes before the `:id` path it would
 * otherwise fall into. The contract test checks this.
 */
export const endpoints = {
  // spec 01 §7
  surveyConfigsGetItem: survey.surveyConfigsGetItem,
  surveyConfigsGetAllSearchable: survey.surveyConfigsGetAllSearchable,
  surveyConfigsList: survey.surveyConfigsList,
  surveyConfigsOpenList: survey.surveyConfigsOpenList,
  surveyResultsQuery: survey.surveyResultsQuery,
  surveyResultsByPartitionKey: survey.surveyResultsByPartitionKey,
  surveyResultsByUser: survey.surveyResultsByUser,
  surveyResultsPutItem: survey.surveyResultsPutItem,
  surveyResultsCancelItem: survey.surveyResultsCancelItem,
  surveyResultsDeleteItem: survey.surveyResultsDeleteItem,
  surveyResultsPutUserId: survey.surveyResultsPutUserId,
  surveyResultsFilterQuery: survey.surveyResultsFilterQuery,
  surveyTap: survey.surveyTap,
  loginToken: survey.loginToken,
  appConfig: survey.appConfig,

  // spec 02 §7: calendars and the reservation check
  calendarsGetCalendars: calendars.calendarsGetCalendars,
  calendarsSchedule: calendars.calendarsSchedule,
  calendarsCategory: calendars.calendarsCategory,
  calendarsCategories: calendars.calendarsCategories,
  calendarsCategoriesTree: calendars.calendarsCategoriesTree,
  calendarsTagLabels: calendars.calendarsTagLabels,
  calendarsInfo: calendars.calendarsInfo,
  calendarsCanBeReserve: calendars.calendarsCanBeReserve,
  calendarsItemInfo: calendars.calendarsItemInfo,
  calendarsReservationPaymentProducts: calendars.calendarsReservationPaymentProducts,
  calendarsDisplaySettings: calendars.calendarsDisplaySettings,
  calendarsDayOffCount: calendars.calendarsDayOffCount,
  surveyResultsCheckReservation: calendars.surveyResultsCheckReservation,

  // payment
  surveyResultsTemporary: payment.surveyResultsTemporary,
  paymentOrdersCreate: payment.paymentOrdersCreate,
  paymentOrdersRelease: payment.paymentOrdersRelease,
  paymentConfigsTaxSetting: payment.paymentConfigsTaxSetting,
  paymentConfigsService: payment.paymentConfigsService,
  paymentResultsReceiptByKey: payment.paymentResultsReceiptByKey,
  paymentResultsGet: payment.paymentResultsGet,
  paymentResultsList: payment.paymentResultsList,
  paymentResultsReceipt: payment.paymentResultsReceipt,
  paymentResultsGetPaymentResults: payment.paymentResultsGetPaymentResults,

  // bed
  bedReservationUpdate: bed.bedReservationUpdate,
  bedReservationCreate: bed.bedReservationCreate,
  bedReservationCancel: bed.bedReservationCancel,
  bedReservationHistory: bed.bedReservationHistory,
  bedReservationCalendar: bed.bedReservationCalendar,
  bedReservationRule: bed.bedReservationRule,
  bedReservationBeds: bed.bedReservationBeds,

  // member
  memberConfigsGetItem: member.memberConfigsGetItem,
  memberConfigsGetAllSearchable: member.memberConfigsGetAllSearchable,
  memberResultsByUser: member.memberResultsByUser,
  memberResultsQuery: member.memberResultsQuery,
  memberResultsPutItem: member.memberResultsPutItem,
  memberResultsCancelItem: member.memberResultsCancelItem,
  memberResultsPutUserId: member.memberResultsPutUserId,
  memberResultsFilterQuery: member.memberResultsFilterQuery,
  memberResultsDeleteItem: member.memberResultsDeleteItem,
  memberResultsUpdateCheck: member.memberResultsUpdateCheck,
  memberResultsCheckSaibanExist: member.memberResultsCheckSaibanExist,
  memberResultsCheckSaibanExistForUpdate: member.memberResultsCheckSaibanExistForUpdate,

  // files, facility search, search item
  surveyResultsDownloadSecureFile: files.surveyResultsDownloadSecureFile,
  surveyResourcesPresignedUrl: files.surveyResourcesPresignedUrl,
  surveyResourcesPresignedUrls: files.surveyResourcesPresignedUrls,
  surveyResourcesSecureFileStatus: files.surveyResourcesSecureFileStatus,
  surveyResourcesSecureFiles: files.surveyResourcesSecureFiles,
  surveyResultsPlaceGoogle: facility.surveyResultsPlaceGoogle,
  mapsReverseGeocode: maps.mapsReverseGeocode,
  surveySearches: searches.surveySearches,

  // kiosk tablets at a clinic's reception
  kioskEnrol: kiosk.kioskEnrol,
  kioskMe: kiosk.kioskMe,
  // the staff console (STAFF_PREFIX)
  staffSignInOptions: staff.staffSignInOptions,
  staffSignIn: staff.staffSignIn,
  staffSignOut: staff.staffSignOut,
  staffMe: staff.staffMe,
  staffSetupStart: staff.staffSetupStart,
  staffSetupComplete: staff.staffSetupComplete,
  staffSetupPasskeyOptions: staff.staffSetupPasskeyOptions,
  staffPasskeySignInOptions: staff.staffPasskeySignInOptions,
  staffPasskeySignIn: staff.staffPasskeySignIn,
  staffPasskeyAddOptions: staff.staffPasskeyAddOptions,
  staffPasskeyAdd: staff.staffPasskeyAdd,
  staffForms: staff.staffForms,
  staffForm: staff.staffForm,
  staffMemberForms: staffMembers.staffMemberForms,
  staffMembers: staffMembers.staffMembers,
  staffMember: staffMembers.staffMember,
  // Before staffFormAnswer, whose :partitionKey would take `export` and `keys`.
  staffAnswersExport: staffExports.staffAnswersExport,
  staffAnswerKeys: staffStatuses.staffAnswerKeys,
  staffFormAnswers: staffAnswers.staffFormAnswers,
  staffFormAnswer: staffAnswers.staffFormAnswer,
  staffAnswerFile: staffAnswers.staffAnswerFile,
  staffRegisterAnswer: staff.staffRegisterAnswer,
  staffAnswersStatus: staffStatuses.staffAnswersStatus,
  staffCalendars: staffDaySheet.staffCalendars,
  staffDaySheet: staffDaySheet.staffDaySheet,
  staffArrivalMark: staffDaySheet.staffArrivalMark,
  staffSlotGrid: staffSlots.staffSlotGrid,
  staffSlotSave: staffSlots.staffSlotSave,
  staffSlotCsv: staffSlots.staffSlotCsv,
  staffFormConfig: staffForms.staffFormConfig,
  staffFormSave: staffForms.staffFormSave,
  staffFormVersions: staffForms.staffFormVersions,
  staffFormVersion: staffForms.staffFormVersion,
  staffFormRollback: staffForms.staffFormRollback,
  staffFormStatus: staffForms.staffFormStatus,
  staffCalendarSettings: staffCalendarConfig.staffCalendarSettings,
  staffCalendarSettingsSave: staffCalendarConfig.staffCalendarSettingsSave,
  staffCategoryTree: staffCategories.staffCategoryTree,
  staffCategoryEdit: staffCategories.staffCategoryEdit,
  staffBedWardConfig: staffBedConfig.staffBedWardConfig,
  staffBedWardConfigSave: staffBedConfig.staffBedWardConfigSave,
  staffBedWards: staffBedWards.staffBedWards,
  staffWardNights: staffBedWards.staffWardNights,
  staffCountsCheck: staffCounts.staffCountsCheck,
  staffCountsRepair: staffCounts.staffCountsRepair,
  staffPayments: staffPayments.staffPayments,
  staffPaymentRefund: staffPayments.staffPaymentRefund,
  staffPaymentReceipt: staffPayments.staffPaymentReceipt,
  staffKiosks: staffKiosks.staffKiosks,
  staffKioskEnrol: staffKiosks.staffKioskEnrol,
  staffKioskRevoke: staffKiosks.staffKioskRevoke,
  staffAccounts: staffAccounts.staffAccounts,
  staffAccountAdd: staffAccounts.staffAccountAdd,
  staffAccountChange: staffAccounts.staffAccountChange,
  staffAccountDisable: staffAccounts.staffAccountDisable,
  staffTeamChange: staffAccounts.staffTeamChange,
  staffMemberConfig: staffMemberConfig.staffMemberConfig,
  staffMemberConfigSave: staffMemberConfig.staffMemberConfigSave,
  staffPaymentCatalogue: staffProducts.staffPaymentCatalogue,
  staffPaymentServiceSave: staffProducts.staffPaymentServiceSave,
  staffTaxRateAdd: staffProducts.staffTaxRateAdd,
} as const satisfies Record<string, EndpointDef>;

export type EndpointName = keyof typeof endpoints;
