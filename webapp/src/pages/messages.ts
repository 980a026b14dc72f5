// The texts the public pages and the login show in their alerts and notices (spec 000 sections 4
// and 8, spec 001 section 4), through ../app/alerts: titles first, then the messages.
import { LOADING } from '../app/words';

export const TITLES = {
  login: 'Login',
  errorLogin: 'ERROR LOGIN',
  /** Sic: the original's title for blank credentials. */
  camposVacios: 'EERROR LOGIN',
} as const;

export const MESSAGES = {
  yaAutenticado: (username: string) => `Hola ${username}, Ya estas autenticado`,
  bienvenida: (username: string) => `Hola ${username},has iniciado sesión correctamente`,
  camposVacios: 'El usuario y la contraseña estan vacios!',
  credencialesIncorrectas: 'el usuario y contraseña son incorrectos',
  demasiadosIntentos: 'Demasiados intentos fallidos.',
  sinConexion: 'No se pudo conectar con el servidor. Intente nuevamente.',
  ...LOADING,
  pedidoEnProceso: 'Estamos procesando tu pedido.',
  /** Which order the status page shows: its day (dd/mm/aaaa) and its branch. */
  pedidoDel: (fecha: string) => `Pedido del ${fecha}`,
  pedidoLocal: (local: string) => `Local ${local}`,
  pedidoNoEncontrado: 'No encontramos tu pedido. Revisá el enlace que te enviamos o consultá en la óptica.',
  estadoFallo: 'No pudimos consultar el estado de tu pedido. Intentá nuevamente más tarde.',
} as const;

/** The storefront's three banners (spec 000): two fixed, and the third about paying: the cards'
 * 'cuotas sin interés' when they offer some, else a line that promises no cuotas. */
export const BANNERS = {
  fijos: [
    { title: 'VENTA EXCLUSIVA', text: 'Anteojos de sol y anteojos de receta.' },
    { title: 'ENVÍOS A TODO EL PAÍS', text: 'Recibí tu pedido donde estés.' },
  ],
  cuotas: (n: number) => ({ title: `${n} CUOTAS SIN INTERÉS`, text: 'Con todas las tarjetas.' }),
  sinCuotas: { title: 'FORMAS DE PAGO', text: 'Consultá en el local los planes de cada tarjeta.' },
} as const;
