import { describe, expect, it } from 'vitest';
import { asiento, datosMovimiento, datosProducto, evento, eventoMovimiento } from '../test/seed';
import { cambioText, diffDatos, diffMovimiento, entityChanges, movementChanges } from './changes';
import { eventLines, eventoLabel, stateLines } from './eventLines';
import { fieldText, lineaText, listSummary } from './fields';
import { sameJson } from './json';
import { pacienteIds, porId, sinNombres } from './nombres';
import { signed, stockAlMomento } from './stock';

describe('audit rules', () => {
  it('signs quantities', () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '-2', '0']);
  });

  it("keeps each branch's last balance", () => {
    expect(
      stockAlMomento([
        asiento(),
        asiento({ localId: 2, localNombre: null, stock: 1 }),
        asiento({ cantidad: -2, stock: 3 }),
      ]),
    ).toEqual([
      { localId: 1, localNombre: 'Centro', stock: 3 },
      { localId: 2, localNombre: 'Local 2', stock: 1 },
    ]);
    expect(stockAlMomento([])).toEqual([]);
  });

  it('compares JSON by value, key order aside', () => {
    expect(sameJson({ a: [1, { b: 2, c: null }] }, { a: [1, { c: null, b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it('summarises lists by count and total', () => {
    expect(listSummary('lineas', [])).toBe('0 líneas, total $ 0,00');
    expect(listSummary('pagos', [{ monto: 100, monto_impuesto: 105.5 }])).toBe('1 pago, total $ 105,50');
    expect(listSummary('otra', [1, 2])).toBe('2 elementos');
  });

  it('shows money, discounts and dates as es-AR writes them', () => {
    expect(fieldText('total', 359999.96)).toBe('$ 359.999,96');
    expect(fieldText('descuento', 7.5)).toBe('7,5%');
    expect(fieldText('fecha', '2024-05-13T08:00:00')).toBe('13/05/2024 08:00');
  });

  it('lists the changed top-level fields of a movement', () => {
    const antes = datosMovimiento();
    expect(diffMovimiento(antes, { ...antes })).toEqual([]);
    const cambios = diffMovimiento(antes, {
      ...antes,
      tipo: 'SALIDA',
      local_id: 2,
      paciente_id: null,
      estado: null,
      // Same count and total, another product: the detail changed.
      lineas: [{ ...(antes.lineas as object[])[0], producto_id: 12, modelo: 'CL100' }],
      nuevo_campo: 'x',
    });
    expect(cambios.map(cambioText)).toEqual([
      'Tipo: Entrada → Salida',
      'Local: #1 → #2',
      'Paciente: #7 → —',
      'Líneas: 1 línea, total $ 2.000,00 → 1 línea, total $ 2.000,00 (detalle modificado)',
      'Estado: Pidiendo Cristales → —',
      'nuevo_campo: — → x',
    ]);
  });

  it("names a movement's patient with the id kept, '#id' when the name is not known", () => {
    const nombres = { ...sinNombres, pacientes: new Map([[7, 'María Gómez']]) };
    const registrado = eventoMovimiento('MovimientoRegistrado', 1, datosMovimiento());
    expect(eventLines(registrado, nombres)).toContainEqual({ campo: 'Paciente', valor: 'María Gómez (#7)' });
    expect(eventLines(registrado, sinNombres)).toContainEqual({ campo: 'Paciente', valor: '#7' });
    const otro = { ...datosMovimiento(), paciente_id: 12 };
    expect(diffMovimiento(datosMovimiento(), otro, nombres).map(cambioText)).toEqual([
      'Paciente: María Gómez (#7) → #12',
    ]);
    expect(stateLines('Movimiento', { datos: datosMovimiento() }, nombres)).toContainEqual({
      campo: 'Paciente',
      valor: 'María Gómez (#7)',
    });
    // a sale without a patient
    expect(
      eventLines(eventoMovimiento('MovimientoRegistrado', 1, { ...otro, paciente_id: null }), nombres),
    ).toContainEqual({ campo: 'Paciente', valor: '—' });
  });

  it('finds the patient ids inside event data and entity states, each once', () => {
    expect(pacienteIds(eventoMovimiento('MovimientoRegistrado', 1, datosMovimiento()).datos)).toEqual([7]);
    expect(pacienteIds({ datos: { paciente_id: null } })).toEqual([]);
    expect(pacienteIds([{ datos: { paciente_id: 12 } }, { datos: { paciente_id: 7 } }, { paciente_id: 12 }])).toEqual([
      12, 7,
    ]);
    expect(pacienteIds({ anterior: 'PEDIDO_CRISTALES', nuevo: 'ARMANDO_PEDIDO' })).toEqual([]);
    expect(pacienteIds(undefined)).toEqual([]);
  });

  it('diffs each edit against the movement as it stood before it', () => {
    const a = datosMovimiento();
    const b = datosMovimiento({ vendedor: 'beto', estado: 'ANTEOJO_TERMINADO' });
    const c = datosMovimiento({ vendedor: 'carla', estado: 'ANTEOJO_TERMINADO' });
    const changes = movementChanges([
      eventoMovimiento('MovimientoRegistrado', 1, a),
      evento({ evento: 'EstadoCambiado', datos: { anterior: 'PEDIDO_CRISTALES', nuevo: 'ARMANDO_PEDIDO' } }),
      eventoMovimiento('MovimientoEditado', 3, b),
      evento({ evento: 'MovimientoEliminado', datos: null }),
      eventoMovimiento('MovimientoEditado', 5, c),
    ]);
    expect([...changes.keys()]).toEqual([2, 4]);
    expect(changes.get(2)?.map(cambioText)).toEqual([
      'Vendedor: ana → beto',
      'Estado: Armando Pedido → Anteojo Terminado',
    ]);
    expect(changes.get(4)?.map(cambioText)).toEqual(['Vendedor: beto → carla']);
    expect(movementChanges([eventoMovimiento('MovimientoEditado', 1, a)]).get(0)).toBeNull();
  });

  describe('names, before and after', () => {
    const nombres = {
      ...sinNombres,
      locales: porId([
        { id: 1, nombre: 'La Cruz' },
        { id: 2, nombre: 'Yapeyú' },
      ]),
      marcas: porId([
        { id: 5, nombre: 'Vulk' },
        { id: 6, nombre: 'Ray-Ban' },
      ]),
      categorias: porId([{ id: 1, nombre: 'Sol' }]),
    };
    const producto = datosProducto();

    it('writes product changes with Spanish field names, names for ids and money as pesos', () => {
      const cambios = diffDatos(
        'Producto',
        producto,
        { ...producto, marca_id: 6, categoria_ids: [1, 9], costo: null, precio: 1234.56, descripcion: 'Aviador' },
        nombres,
      );
      expect(cambios.map(cambioText)).toEqual([
        'Marca: Vulk → Ray-Ban',
        'Categorías: Sol → Sol, #9',
        'Costo: $ 1.000,00 → —',
        'Precio: $ 3.600,00 → $ 1.234,56',
        'Descripción: — → Aviador',
      ]);
    });

    it('names the branch and the state of a movement change', () => {
      const antes = datosMovimiento();
      expect(diffMovimiento(antes, { ...antes, local_id: 2, estado: 'ENTREGADO' }, nombres).map(cambioText)).toEqual([
        'Local: La Cruz → Yapeyú',
        'Estado: Pidiendo Cristales → Entregado',
      ]);
    });

    it('compares a product edit with its data before, moved by a mass price update since', () => {
      const changes = entityChanges(
        'Producto',
        [
          evento({ evento: 'ProductoCreado', datos: { datos: producto, fecha: '2024-05-01' } }),
          evento({ evento: 'StockAjustado' }),
          evento({ evento: 'PrecioActualizado', datos: { anterior: 3600, nuevo: 4000, fecha: '2024-05-02' } }),
          evento({ evento: 'ProductoEditado', datos: { datos: { ...producto, precio: 4000, genero: 'Mujer' } } }),
        ],
        nombres,
      );
      expect([...changes.keys()]).toEqual([3]);
      expect(changes.get(3)?.map(cambioText)).toEqual(['Género: Unisex → Mujer']);
      expect(
        entityChanges('Paciente', [evento({ evento: 'PacienteEditado', datos: { datos: {} } })]).get(0),
      ).toBeNull();
    });

    it("reads an event's data as lines: states, money, branches and stock reasons", () => {
      const lines = (e: Parameters<typeof eventLines>[0]) => eventLines(e, nombres).map(lineaText);
      expect(lines(evento())).toEqual(['Local: La Cruz', 'Cantidad: -1', 'Motivo: Venta', 'Stock resultante: 2']);
      expect(
        lines(
          evento({
            tipo: 'Movimiento',
            evento: 'EstadoCambiado',
            datos: { anterior: 'PEDIDO_CRISTALES', nuevo: 'ENTREGADO' },
          }),
        ),
      ).toEqual(['Antes: Pidiendo Cristales', 'Después: Entregado']);
      expect(
        lines(evento({ evento: 'PrecioActualizado', datos: { anterior: 3600, nuevo: 4000, fecha: '2024-05-02' } })),
      ).toEqual(['Antes: $ 3.600,00', 'Después: $ 4.000,00', 'Fecha: 02/05/2024']);
      expect(lines(evento({ evento: 'ProductoCreado', datos: { datos: producto, fecha: '2024-05-01' } }))).toEqual([
        'Modelo: RB3025',
        'Marca: Vulk',
        'Categorías: Sol',
        'Material: —',
        'Género: Unisex',
        'Costo: $ 1.000,00',
        'Precio: $ 3.600,00',
        'Descripción: —',
        'Proveedores: —',
        'Fecha: 01/05/2024',
      ]);
      expect(lines(evento({ evento: 'ProductoEliminado', datos: null }))).toEqual([]);
    });

    it("reads a ficha's prescriptions and measures as Spanish lines, numbers as the patient form writes them", () => {
      const datos = {
        fecha: '2024-05-10',
        medidas: { dnp_derecho: 31.5, dnp_izquierdo: 32, altura_pupilar_derecho: null, adicion_derecho: 2, puente: 18 },
        graduaciones: [
          { ojo: 'DERECHO', tipo: 'LEJOS', esferico: -1.25, cilindrico: -0.5, eje: 90 },
          { ojo: 'IZQUIERDO', tipo: 'LEJOS', esferico: 0.75, cilindrico: 0, eje: null },
          { ojo: 'DERECHO', tipo: 'CERCA', esferico: null, cilindrico: null, eje: null },
        ],
      };
      const lines = (evento_: string, d: unknown) =>
        eventLines(evento({ tipo: 'Paciente', evento: evento_, datos: { ficha_id: 7, datos: d } }), nombres).map(
          lineaText,
        );
      const expected = [
        'Ficha: 7',
        'Fecha: 10/05/2024',
        'DNP derecho: 31,5',
        'DNP izquierdo: 32',
        'Puente: 18',
        'Adición derecho: +2,00',
        'Lejos, ojo derecho: esférico -1,25, cilíndrico -0,50, eje 90',
        'Lejos, ojo izquierdo: esférico +0,75, cilíndrico 0,00',
        'Cerca, ojo derecho: —',
      ];
      expect(lines('FichaAgregada', datos)).toEqual(expected);
      expect(lines('FichaEditada', datos)).toEqual(expected);
      const all = lines('FichaAgregada', datos).join('\n');
      expect(all).not.toMatch(/object Object|[{}]|_/);
      // The event store writes the four prescriptions in order without the eye and distance.
      const bare = { esferico: 1, cilindrico: null, eje: null };
      expect(lines('FichaEditada', { graduaciones: [bare, bare, bare, bare] })).toEqual([
        'Ficha: 7',
        'Lejos, ojo derecho: esférico +1,00',
        'Lejos, ojo izquierdo: esférico +1,00',
        'Cerca, ojo derecho: esférico +1,00',
        'Cerca, ojo izquierdo: esférico +1,00',
      ]);
    });

    it('reads an entity as it stood: its data, stock per branch by name, deleted', () => {
      const state = { created: true, deleted: true, datos: producto, stock: { '1': 5, '2': 0 }, version: 3 };
      const lines = stateLines('Producto', state, nombres).map(lineaText);
      expect(lines.slice(0, 2)).toEqual(['Modelo: RB3025', 'Marca: Vulk']);
      expect(lines.slice(-2)).toEqual(['Stock: La Cruz: 5, Yapeyú: 0', 'Eliminado: Sí']);
      expect(stateLines('Producto', null, nombres)).toEqual([]);
    });

    it('writes event types as Spanish words', () => {
      expect(eventoLabel('StockAjustado')).toBe('Stock ajustado');
      expect(eventoLabel('MovimientoRegistrado')).toBe('Movimiento registrado');
      expect(eventoLabel('ContrasenaCambiada')).toBe('Contraseña cambiada');
    });
  });
});
