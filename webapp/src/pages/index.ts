// The public pages and the login as the router sees them.
export { Cristaleria } from './Cristaleria';
export { EstadoCompra } from './EstadoCompra';
export { Inicio } from './Inicio';
export { Login } from './Login';
export { SobreNosotros } from './SobreNosotros';
export { Visitanos } from './Visitanos';
