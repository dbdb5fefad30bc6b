export { openSurveysQuery } from '../../lib/open-surveys';
