// The catalogue as the router sees it: the list, the single and bulk forms, the mass update.
export { BulkCreate } from './BulkCreate';
export { MassUpdate } from './MassUpdate';
export { EditProduct, ProductForm } from './ProductForm';
export { ProductList } from './ProductList';
export { PublicCatalogue } from './PublicCatalogue';
