// The liquidaciones as the router sees them (admins): the month's covered sales to present with
// the list of liquidaciones, and one liquidación with its payments.
export { Settlement } from './Settlement';
export { Settlements } from './Settlements';
