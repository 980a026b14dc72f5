// The one way the browser tests seed a shop: through the API as the admin (and a seller's sales
// as the seller), each call checking the 201 and answering the new id.
import assert from 'node:assert/strict';

/** The shop's today (yyyy-mm-dd), as the server dates a day. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

/** A payment of `monto` by method `id`, dated `fecha`. */
export const pago = (id, monto, fecha) => ({ monto, montoImpuesto: monto, metodoPago: { id }, fecha });

/** One prescription of a ficha; plano (0) unless told. */
export const graduacion = (ojo, tipo, esferico = 0, cilindrico = 0, eje = 0) => ({
  ojo,
  tipo,
  esferico,
  cilindrico,
  eje,
});

/** A ficha as the patient form sends it: the measures not given are blank, and no lenses. */
export const fichaBody = ({ fecha, graduaciones, ...medidas }) => ({
  fecha,
  dnpDerecho: null,
  dnpIzquierdo: null,
  alturaPupilarDerecho: null,
  alturaPupilarIzquierdo: null,
  alturaPelicula: null,
  puente: null,
  diagonalMayor: null,
  largo: null,
  alturaArmazon: null,
  adicionDerecho: null,
  adicionIzquierdo: null,
  ...medidas,
  graduaciones,
  cristales: [],
});

/** The old sale several tests collect from: a frame and lenses of $ 2.000 for `paciente` at
 * `local` on `fecha`, $ 800 paid by method `metodo` and $ 1.200 still owed (for `shop.venta`). */
export const armazonYCristales = (local, paciente, metodo, fecha) => ({
  local,
  paciente,
  fecha,
  total: 2000,
  adicionales: [{ descripcion: 'Armazón y cristales', subtotal: 2000 }],
  pagos: [pago(metodo, 800, fecha)],
});

export async function seeder(server) {
  const token = await server.token('admin', server.adminPassword);
  const opened = new Set();
  /** Money on a past day is an admin's to record, into that day's open cash: the history a test
   * seeds opens the days its payments fall on first. */
  const openPastDays = async (body) => {
    const localId = body.local?.id;
    for (const pago of body.cajaMovimientos ?? []) {
      const dia = (pago.fecha ?? body.fecha ?? '').slice(0, 10);
      if (!localId || !dia || dia >= today() || opened.has(`${localId}/${dia}`)) continue;
      const answer = await server.api('POST', `/api/caja/${localId}/${dia}/apertura`, token, { fondo: [] });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      opened.add(`${localId}/${dia}`);
    }
  };
  const create = async (path, body, key, as = token) => {
    const answer = await server.api('POST', path, as, body);
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return answer.body[key].id;
  };
  const shop = {
    /** The admin's token, to read back what the screens did. */
    token,
    local: (body) => create('/api/local', body, 'local'),
    metodoPago: (nombre) => create('/api/metodoPago', { nombre }, 'metodoPago'),
    marca: (nombre) => create('/api/marca', { nombre }, 'marca'),
    categoria: (nombre) => create('/api/categoria', { nombre }, 'categoria'),
    material: (nombre) => create('/api/materialProducto', { nombre }, 'materialProducto'),
    proveedor: (nombre, celular) => create('/api/proveedor', { nombre, celular }, 'proveedor'),
    laboratorio: (nombre, celular) => create('/api/laboratorio', { nombre, celular }, 'laboratorio'),
    producto: (body) => create('/api/productos', body, 'producto'),
    /** Several products at once (all or none). */
    async productos(bodies) {
      const answer = await server.api('POST', '/api/productos/crearVarios', token, bodies);
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
    },
    paciente: (body) => create('/api/pacientes', body, 'paciente'),
    /** A movement registered by the user of token `as` (the admin by default; a seller's money
     * is dated when it is recorded). */
    async movimiento(body, as = token) {
      if (as === token) await openPastDays(body);
      return create('/api/movimientos', body, 'movimiento', as);
    },
    /** A sale at `local` awaiting its lenses, by the user of token `as`: what it charged
     * (`totalImpuesto`) is what `pagos` add up to, as the server checks. */
    venta: ({ local, paciente, fecha, total, pagos, detalles = [], adicionales = [], ...extra }, as = token) =>
      shop.movimiento(
        {
          tipoMovimiento: 'ENTRADA',
          fecha,
          local: { id: local },
          ...(paciente === undefined ? {} : { paciente: { id: paciente } }),
          ...extra,
          total,
          totalImpuesto: pagos.reduce((sum, p) => sum + p.montoImpuesto, 0),
          detalles,
          detallesAdicionales: adicionales,
          cajaMovimientos: pagos,
          estadoMovimiento: 'PEDIDO_CRISTALES',
        },
        as,
      ),
    /** An expense of `local` on `fecha`, paid whole by method `metodo`. */
    gasto: (local, descripcion, total, metodo, fecha) =>
      shop.movimiento({
        tipoMovimiento: 'SALIDA',
        fecha,
        local: { id: local },
        descripcion,
        total,
        totalImpuesto: total,
        detalles: [],
        detallesAdicionales: [],
        cajaMovimientos: [pago(metodo, total, fecha)],
        estadoMovimiento: null,
      }),
    /** A sale's lab job, ordered by the user of token `as` (the admin by default); answers the job. */
    async trabajo(body, as = token) {
      const answer = await server.api('POST', '/api/trabajos', as, body);
      assert.equal(answer.status, 201, JSON.stringify(answer.body));
      return answer.body.trabajo;
    },
    /** A seller at a branch, created with the command line as an operator would. */
    seller: (username, password, localId) => server.addUser(username, password, ['ROLE_VENDEDOR'], localId),

    // The counter most tests start from, piece by piece.
    /** The payment methods 'Efectivo' and 'Tarjeta', in that order. */
    async efectivoYTarjeta() {
      const efectivo = await shop.metodoPago('Efectivo');
      const tarjeta = await shop.metodoPago('Tarjeta');
      return { efectivo, tarjeta };
    },
    /** The branch La Cruz. */
    laCruz: () => shop.local({ nombre: 'La Cruz', direccion: 'San Martín 1', celular: '1' }),
    /** A Ray-Ban sunglasses frame RB2140 from the supplier Opti, with `stock` units at `local`
     * (`extra`: its cost, description...). */
    async rb2140(local, { precio, stock, ...extra }) {
      const marca = await shop.marca('Ray-Ban');
      const categoria = await shop.categoria('Sol');
      const proveedor = await shop.proveedor('Opti', '1');
      return shop.modelo(local, 'RB2140', { marca, categoria, proveedor, precio, stock, ...extra });
    },
    /** Product `modelo` of brand, category and supplier ids, with `stock` units at `local`. */
    modelo: (local, modelo, { marca, categoria, proveedor, precio, stock, ...extra }) =>
      shop.producto({
        modelo,
        marca: { id: marca },
        categorias: [{ id: categoria }],
        precio,
        ...extra,
        proveedores: [{ id: proveedor }],
        productoLocales: [{ local: { id: local }, stock }],
      }),
    /** A patient of `local` without fichas (Ana Gómez unless named). */
    patient: (local, nombreCompleto = 'Ana Gómez', celular = '3772 111111') =>
      shop.paciente({ nombreCompleto, celular, genero: 'Mujer', local: { id: local }, historialFichas: [] }),
    /** The seller 'vendedora' (password 'clave-vendedora') at `local`. */
    vendedora: (local) => shop.seller('vendedora', 'clave-vendedora', local),
    /** OSDE, whose plan 210 pays 40 % of the lenses up to 30.000 and up to 15.000 of the frames
     * and asks for a prescription of at most 60 days; a lens (Orma Blue, 80.000) and a frame
     * (Aviator, 60.000) of Essilor at `local`; and Laura Díaz, affiliated to OSDE 210. */
    osdeConPaciente: async (local) => {
      const created = await server.api('POST', '/api/obrasSociales', token, {
        nombre: 'OSDE',
        cuit: '30546741253',
        planes: [
          {
            nombre: '210',
            cristales: { porcentaje: 40, tope: 30000 },
            armazones: { tope: 15000 },
            requiereReceta: true,
            validezRecetaDias: 60,
          },
        ],
      });
      if (created.status !== 201) throw new Error(`obra social: ${JSON.stringify(created.body)}`);
      const osde = created.body.obraSocial.id;
      const marca = await shop.marca('Essilor');
      const proveedor = await shop.proveedor('Opti', '1');
      const cristal = await shop.categoria('cristal');
      const sol = await shop.categoria('Sol');
      const lente = await shop.modelo(local, 'Orma Blue', {
        marca,
        categoria: cristal,
        proveedor,
        precio: 80000,
        stock: 3,
      });
      const armazon = await shop.modelo(local, 'Aviator', {
        marca,
        categoria: sol,
        proveedor,
        precio: 60000,
        stock: 3,
      });
      const paciente = await shop.paciente({
        nombreCompleto: 'Laura Díaz',
        celular: '3772 111111',
        genero: 'Mujer',
        local: { id: local },
        historialFichas: [],
        afiliacion: { obraSocialId: osde, plan: '210', afiliado: '61 123456 7' },
      });
      return { osde, lente, armazon, paciente };
    },
  };
  return shop;
}
