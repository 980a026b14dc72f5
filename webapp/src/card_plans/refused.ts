import { refuser } from '../app/refusals';
import { MESSAGES, TITLES } from './messages';

/** How a refused change is told: the server's list of reasons (400), or its message (404). */
export const refused = refuser(TITLES, MESSAGES);
