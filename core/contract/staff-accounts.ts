/**
 * Staff accounts and teams in the console, for admins only (manageStaff; issue 58): the list with
 * each person's role, teams and state, an addition answering the one-time set-up link the command
 * line prints, a change of role and teams, a disable (which ends the person's sessions), and what
 * each team holds (team_targets). Each write leaves its audit row; reading the list does too.
 */
import * as z from 'zod/mini';
import { STAFF_ROLES, TEAMS_MAX, TEAM_NAME_MAX } from '../rules/staff';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const roleSchema = z.enum(STAFF_ROLES);
const teamName = z.string().check(z.trim(), z.minLength(1), z.maxLength(TEAM_NAME_MAX));
const teamList = z.array(teamName).check(z.maxLength(TEAMS_MAX));
const staffIdParam = z.object({ staffId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  teams: z.array(z.string()),
  /** active, pending (set-up link not yet followed), locked (now) or disabled. */
  state: z.enum(['active', 'pending', 'locked', 'disabled']),
  disabledAt: z.nullable(z.string()),
  lockedUntil: z.nullable(z.string()),
  /** The last successful sign-in, from the audit trail; null: never. */
  lastSignInAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

const teamSchema = z.object({ team: z.string(), forms: z.array(z.string()), calendars: z.array(z.string()) });

export const staffAccounts = defineEndpoint({
  method: 'GET',
  path: '/staff-accounts',
  api: 'staff',
  auth: 'staff',
  staffAction: 'manageStaff',
  response: envelope(
    z.object({
      staff: z.array(staffAccountSchema),
      /** Every team a person or a form or calendar names. */
      teams: z.array(teamSchema),
      /** What a team can be given. */
      forms: z.array(z.object({ surveyId: z.string(), title: z.string() })),
      calendars: z.array(z.object({ calendarId: z.string(), title: z.string() })),
    }),
  ),
});

export const staffAccountAdd = defineEndpoint({
  method: 'POST',
  path: '/staff-accounts',
  api: 'staff',
  auth: 'staff',
  staffAction: 'manageStaff',
  body: z.object({
    email: z.string().check(z.trim(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    role: roleSchema,
    teams: teamList,
  }),
  /** The set-up link is shown once: pass it to the person alone. */
  response: envelope(z.object({ account: staffAccountSchema, setupLink: z.string(), expiresAt: z.string() })),
});

export const staffAccountChange = defineEndpoint({
  method: 'POST',
  path: '/staff-accounts/:staffId',
  api: 'staff',
  auth: 'staff',
  staffAction: 'manageStaff',
  params: staffIdParam,
  body: z.object({ role: z.optional(roleSchema), teams: z.optional(teamList) }),
  response: envelope(z.object({ account: staffAccountSchema })),
});

export const staffAccountDisable = defineEndpoint({
  method: 'POST',
  path: '/staff-accounts/:staffId/disable',
  api: 'staff',
  auth: 'staff',
  staffAction: 'manageStaff',
  params: staffIdParam,
  response: envelope(z.object({ account: staffAccountSchema, already: z.boolean() })),
});

const targetSchema = z.object({ kind: z.enum(['survey', 'calendar']), id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** Gives a team forms and calendars and takes others back, as `npm run staff:team` does. */
export const staffTeamChange = defineEndpoint({
  method: 'POST',
  path: '/teams',
  api: 'staff',
  auth: 'staff',
  staffAction: 'manageStaff',
  body: z.object({ team: teamName, add: z.array(targetSchema).check(z.maxLength(500)), remove: z.array(targetSchema).check(z.maxLength(500)) }),
  response: envelope(z.object({ team: teamSchema, changed: z.number() })),
});
