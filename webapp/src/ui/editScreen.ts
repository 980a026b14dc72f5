import type { ReactNode } from 'react';

/** The props of a route that loads an entity and edits it. `below` is what the route shows under
 * the form once the entity is loaded (the router puts the audit panel there), so a feature's
 * screen does not import another feature to show it. */
export interface EditScreenProps {
  below?: (id: number) => ReactNode;
}
