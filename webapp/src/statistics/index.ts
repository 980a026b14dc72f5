// The statistics as the router sees them: one screen.
export { Statistics } from './Statistics';
