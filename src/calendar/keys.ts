/**
 * Query keys other modules name without loading the calendar code (the survey screen refetches
 * schedules when the resident goes back from the last confirm).
 */
export const SCHEDULE_KEY = ['calendar', 'schedule'] as const;
