// The cash box as the router sees it: the movement list, and one patient's purchases.
export { MovementList, PatientMovements } from './MovementList';
