// The physical counts as the router sees them: the list (with a new count for admins) and one
// count's sheet.
export { Counts } from './Counts';
export { CountSheet } from './CountSheet';
