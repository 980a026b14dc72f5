// The staff accounts as the router sees them: the admins' 'Usuarios' screen.
export { Users } from './Users';
