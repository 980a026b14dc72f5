// Stock beyond sales as the router sees it: the 'Reponer' list, and the branches' stock panel
// under a product's edit form (reorder points and manual adjustments).
export { ProductStock } from './ProductStock';
export { Reorder } from './Reorder';
