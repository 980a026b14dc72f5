export function SobreNosotros() {
  return (
    <section>
      <h2 className="mb-3">SOBRE NOSOTROS</h2>
      <p>
        Somos una óptica familiar con locales en La Cruz y Yapeyú. Asesoramos a cada cliente para que encuentre los
        anteojos de receta, de sol y los lentes que mejor se adaptan a su vista y a su estilo.
      </p>
      <p>
        Trabajamos con las principales marcas, realizamos el armado de anteojos en nuestro taller y acompañamos cada
        pedido hasta la entrega.
      </p>
    </section>
  );
}
