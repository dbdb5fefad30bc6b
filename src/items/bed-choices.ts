/**
 * The ward's beds the select bed item offers (core/items/select-bed.ts), provided by the bed
 * reservation screen, which reads them with the form. Outside it (no provider) there is no ward to
 * choose from, and the item says so rather than offer nothing silently.
 */
import { createContext } from 'react';
import type { BedChoice } from '@core/rules/bed-stay';

export const BedChoicesContext = createContext<readonly BedChoice[] | null>(null);
