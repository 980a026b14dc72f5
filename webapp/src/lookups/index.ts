// The lookups as the router sees it: one screen, configured per lookup.
export { LookupAdmin } from './LookupAdmin';
export { screens } from './screens';
