// The returns as the router sees them: the panel under a movement's form.
export { MovementReturns } from './MovementReturns';
