import { refuser } from '../app/refusals';
import { MESSAGES, TITLES } from './messages';

/** How a refused change is told: the server's list of reasons (400: 'Ya existe una obra social
 * con ese nombre.'), or its message (404, and the 409 of one that patients or sales name). */
export const refused = refuser(TITLES, MESSAGES);
