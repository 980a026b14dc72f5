// The card plans as the router sees them: the admins' 'Planes de cuotas' of a payment method.
export { CardPlans } from './CardPlans';
