// The movements as the router sees them: the form (create, for a patient too, and edit), the
// cash-box list (and one patient's purchases), and the returns panel under a sale's form.
export { CreateMovement, EditMovement } from './form/MovementScreens';
export { MovementList, PatientMovements } from './list/MovementList';
export { MovementReturns } from './returns/MovementReturns';
