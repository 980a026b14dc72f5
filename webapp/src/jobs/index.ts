// The lab jobs as the router sees them: the list, one job, the section under a sale's form, and
// the reminders.
export { JobDetail } from './JobDetail';
export { JobList } from './JobList';
export { Reminders } from './Reminders';
export { SaleJob } from './SaleJob';
