// The owner's true margin as the router sees it: one screen, for admins.
export { Profitability } from './Profitability';
