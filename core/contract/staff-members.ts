/**
 * The console's members (issue 57): the member forms within reach, a member form's records
 * searched by member number, name or phone (read as spec 01 §5's member search reads them), and
 * one record with the resident's answers on the form's linked forms.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const surveyId = z.string().check(z.minLength(1), z.maxLength(200));

export const staffMemberForms = defineEndpoint({
  method: 'GET',
  path: '/member-forms',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  response: envelope(z.object({ forms: z.array(z.object({ surveyId: z.string(), title: z.string(), teams: z.array(z.string()), members: z.number() })) })),
});

const memberLine = z.object({
  partitionKey: z.string(),
  userId: z.string(),
  memberNumber: z.nullable(z.string()),
  /** Display values by item key (checkbox rows joined). */
  values: z.record(z.string(), z.string()),
  status: z.string(),
  createdAt: z.string(),
});

export const staffMembers = defineEndpoint({
  method: 'GET',
  path: '/member-forms/:surveyId/members',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId }),
  query: z.object({ q: z.optional(z.string().check(z.maxLength(200))), after: z.optional(z.string().check(z.maxLength(400))) }),
  response: envelope(
    z.object({
      title: z.string(),
      /** The items shown as columns: the searchable ones, else the first few. */
      columns: z.array(z.object({ itemKey: z.string(), title: z.string() })),
      members: z.array(memberLine),
      /** The cursor of the next page; null: this is the last. */
      next: z.nullable(z.string()),
    }),
  ),
});

export const staffMember = defineEndpoint({
  method: 'GET',
  path: '/member-forms/:surveyId/members/:partitionKey',
  api: 'staff',
  auth: 'staff',
  staffAction: 'read',
  params: z.object({ surveyId, partitionKey: z.string().check(z.minLength(1), z.maxLength(400)) }),
  response: envelope(
    z.object({
      /** The member form's title. */
      title: z.string(),
      member: memberLine,
      items: z.array(z.object({ itemKey: z.string(), title: z.string(), value: z.string() })),
      /** The resident's answers on the linked forms, newest first, each with the day and time it booked. */
      linked: z.array(
        z.object({
          surveyId: z.string(),
          title: z.string(),
          partitionKey: z.string(),
          answerCode: z.nullable(z.string()),
          status: z.string(),
          createdAt: z.string(),
          reservation: z.nullable(z.object({ day: z.string(), time: z.nullable(z.string()), categories: z.array(z.string()) })),
        }),
      ),
    }),
  ),
});
