// The movement form as the router sees it: create (for a patient too) and edit.
export { CreateMovement, EditMovement } from './MovementScreens';
