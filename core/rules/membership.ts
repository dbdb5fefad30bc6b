/**
 * Spec 01 §4: a form with hasMember false and a memberFormId is for members. Reading: the
 * bundle's `hasMember: false` says so, and the server answers hasMember for the signed-in
 * resident — true once they hold a live record of that member form — so a member answers the
 * form and anyone else is sent to register. A kiosk visitor is registered at the office: unchanged.
 */
import type { ServedSurveyConfig } from '../form/survey-config';

export const requiresMembership = (cfg: Pick<ServedSurveyConfig, 'hasMember' | 'memberFormId'>): cfg is { hasMember: false; memberFormId: string } =>
  cfg.hasMember === false && cfg.memberFormId !== undefined && cfg.memberFormId !== '';
