const sections = [
  {
    id: 'cristales',
    title: 'CRISTALES',
    text: [
      'Monofocales: corrigen una sola distancia, de lejos o de cerca.',
      'Bifocales: dos zonas de visión en un mismo cristal.',
      'Multifocales: visión nítida a todas las distancias con una transición progresiva.',
    ],
  },
  {
    id: 'tratamientos-receta',
    title: 'TRATAMIENTOS PARA ANTEOJOS DE RECETA',
    text: [
      'Antirreflejo: reduce los reflejos y mejora la visión nocturna.',
      'Filtro de luz azul: protege la vista frente a pantallas.',
      'Fotocromático: el cristal se oscurece con la luz del sol.',
      'Endurecido: mayor resistencia a las rayaduras.',
    ],
  },
  {
    id: 'tratamientos-sol',
    title: 'TRATAMIENTOS PARA ANTEOJOS DE SOL',
    text: [
      'Polarizado: elimina los reflejos del agua y del asfalto.',
      'Espejado: estética y protección adicional.',
      'Degradé: más oscuro arriba y más claro abajo.',
      'Filtro UV400: bloquea la radiación ultravioleta.',
    ],
  },
];

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });

/** Lenses and treatments: static information with buttons that scroll to each section. */
export function Cristaleria() {
  return (
    <section>
      <h2 className="mb-3">CRISTALERÍA</h2>
      <div className="d-flex flex-wrap gap-2 mb-4">
        {sections.map((s) => (
          <button key={s.id} type="button" className="btn btn-outline-primary" onClick={() => scrollTo(s.id)}>
            {s.title}
          </button>
        ))}
      </div>
      {sections.map((s) => (
        <article key={s.id} id={s.id} className="mb-5">
          <h3 className="h4">{s.title}</h3>
          <ul>
            {s.text.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
