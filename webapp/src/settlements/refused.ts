import { refuser } from '../app/refusals';
import { MESSAGES, TITLES } from './messages';

/** How a refused command is told: the server's list of reasons (400: 'La venta N.º 12 ya fue
 * presentada en la liquidación N.º 3.'), or its message (404). */
export const refused = refuser(TITLES, MESSAGES);
