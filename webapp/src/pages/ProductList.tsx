/** The staff catalogue. The product read model arrives with the catalogue work; until then the
 * list is honestly empty. */
export function ProductList() {
  return (
    <section>
      <h2 className="text-center mb-4">NUESTRO CATÁLOGO</h2>
      <div className="alert alert-info text-center">No se encontraron productos</div>
    </section>
  );
}
