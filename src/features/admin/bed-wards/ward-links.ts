/** A stay as the ward page links and names it: its answer page, and its dates and status read out. */
import type { WardStay } from '@core/contract/staff-bed-wards';
import { readDateText } from '../../../lib/ja-dates';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';

/** The console's answer page (src/app/routes/admin-answers.tsx), which reads a bed form's stay. */
export const answerHref = (surveyId: string, partitionKey: string): string => `/admin/forms/${encodeURIComponent(surveyId)}/a/${encodeURIComponent(partitionKey)}`;

export const stayLabel = (s: WardStay): string =>
  fill(jaConsole.ward.stayLabel, {
    name: s.name,
    start: readDateText(`${s.startDate} ${s.startSession}`, { weekday: false }),
    end: readDateText(`${s.endDate} ${s.endSession}`, { weekday: false }),
    status: s.status,
  });
