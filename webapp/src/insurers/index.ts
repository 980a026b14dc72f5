// The obras sociales as the router sees them: the admins' list, and the form of a new one or of
// one to change.
export { EditInsurer, NewInsurer } from './InsurerForm';
export { Insurers } from './Insurers';
