// The cash closing as the router sees it: one screen, the day and the closings below it.
export { CashClosing } from './CashClosing';
export { UnclosedDaysNotice } from './UnclosedDays';
