// The customer balances as the router sees them: the list screen, and the panel under a patient.
export { Balances } from './Balances';
export { PatientBalances } from './PatientBalances';
