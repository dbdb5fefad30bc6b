/**
 * The member form's existence check of a typed member number (spec 02 §5: on blur; for an update,
 * the member's own current number does not count). Provided by the member registration screen;
 * a form without it (a survey that happens to hold the item) checks nothing.
 */
import { createContext } from 'react';

/** Whether the number is taken by someone else; throws when the check could not be made. */
export type MemberNumberCheck = (saiban: string) => Promise<boolean>;

export const MemberNumberCheckContext = createContext<MemberNumberCheck | null>(null);
