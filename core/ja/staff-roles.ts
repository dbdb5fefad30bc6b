/** The four staff roles as staff read them (after LINE SMART CITY's console), for the console and the command line. */
import type { StaffRole } from '../rules/staff';

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: '管理者', member: 'メンバー', operator: 'オペレーター', guest: 'ゲスト' };
