// The audit screens' rules, kept pure so they are tested alone: the events' data read as
// "campo: valor" lines with Spanish names, the before/after of an edit, and the stock as of a moment.
import type { AsientoStock, EventoAuditoria } from '../api/audit';
import { estadoLabel } from '../api/cashbox';
import { formatFechaHora } from '../lib/dates';
import { centsOf, formatPesos, money, parseScaled, sumCents } from '../lib/money';
import { formatPorcentaje, formatUnits } from '../lib/numbers';

/** A signed quantity: `+3`, `-2`, `0`. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export interface StockDeLocal {
  localId: number;
  localNombre: string;
  stock: number;
}

/** Each branch's stock after its last change in the (oldest first) ledger, in the order the
 * branches first appear. */
export function stockAlMomento(asientos: AsientoStock[]): StockDeLocal[] {
  const byLocal = new Map<number, StockDeLocal>();
  for (const a of asientos) {
    byLocal.set(a.localId, {
      localId: a.localId,
      localNombre: a.localNombre ?? `Local ${a.localId}`,
      stock: a.stock,
    });
  }
  return [...byLocal.values()];
}

// ---- names, fields and values ----

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names by id, for the ids inside event data (any map may be empty while it loads). */
export interface Nombres {
  locales: ReadonlyMap<number, string>;
  marcas: ReadonlyMap<number, string>;
  categorias: ReadonlyMap<number, string>;
  materiales: ReadonlyMap<number, string>;
  proveedores: ReadonlyMap<number, string>;
}

/** A name list (`GET /api/local`, `/api/marca`…) as a map by id. */
export const porId = (items: readonly { id: number; nombre: string }[] | undefined): ReadonlyMap<number, string> =>
  new Map((items ?? []).map((i) => [i.id, i.nombre]));

export const sinNombres: Nombres = {
  locales: new Map(),
  marcas: new Map(),
  categorias: new Map(),
  materiales: new Map(),
  proveedores: new Map(),
};

/** How a field's value is written. */
type Clase =
  | 'texto'
  | 'dinero'
  | 'porcentaje'
  | 'fecha'
  | 'estado'
  | 'tipoMovimiento'
  | 'motivo'
  | 'lista'
  | 'local'
  | 'marca'
  | 'material'
  | 'categorias'
  | 'proveedores';

interface Campo {
  nombre: string;
  clase: Clase;
}

const campo = (nombre: string, clase: Clase = 'texto'): Campo => ({ nombre, clase });

/** The fields of each entity's data (`datos.datos` of its events), in the order they are shown. */
export const CAMPOS: Record<'Producto' | 'Movimiento' | 'Paciente', Record<string, Campo>> = {
  Producto: {
    modelo: campo('Modelo'),
    marca_id: campo('Marca', 'marca'),
    categoria_ids: campo('Categorías', 'categorias'),
    material_id: campo('Material', 'material'),
    genero: campo('Género'),
    costo: campo('Costo', 'dinero'),
    precio: campo('Precio', 'dinero'),
    descripcion: campo('Descripción'),
    proveedor_ids: campo('Proveedores', 'proveedores'),
  },
  Movimiento: {
    tipo: campo('Tipo', 'tipoMovimiento'),
    fecha: campo('Fecha', 'fecha'),
    local_id: campo('Local', 'local'),
    paciente_id: campo('Paciente'),
    vendedor: campo('Vendedor'),
    descripcion: campo('Descripción'),
    lineas: campo('Líneas', 'lista'),
    adicionales: campo('Adicionales', 'lista'),
    descuento: campo('Descuento', 'porcentaje'),
    total: campo('Total', 'dinero'),
    total_impuesto: campo('Total con recargo', 'dinero'),
    pagos: campo('Pagos', 'lista'),
    estado: campo('Estado', 'estado'),
  },
  Paciente: {
    nombre_completo: campo('Nombre completo'),
    documento: campo('Documento'),
    celular: campo('Celular'),
    correo: campo('Correo'),
    direccion: campo('Dirección'),
    genero: campo('Género'),
    local_id: campo('Local', 'local'),
    medico: campo('Médico'),
    obra_social: campo('Obra social'),
    observaciones: campo('Observaciones'),
  },
};

/** The other fields events carry (stock changes, states, lookups, users, fichas). */
const CAMPOS_EVENTO: Record<string, Campo> = {
  local_id: campo('Local', 'local'),
  cantidad: campo('Cantidad'),
  motivo: campo('Motivo', 'motivo'),
  stock_resultante: campo('Stock resultante'),
  movimiento_id: campo('Movimiento'),
  fecha: campo('Fecha', 'fecha'),
  ficha: campo('Ficha'),
  ficha_id: campo('Ficha'),
  cristal_id: campo('Cristal'),
  nombre: campo('Nombre'),
  direccion: campo('Dirección'),
  celular: campo('Celular'),
  username: campo('Usuario'),
  roles: campo('Roles'),
};

/** Which amount each list adds up in its summary. */
const LIST_AMOUNT: Record<string, string> = {
  lineas: 'subtotal',
  adicionales: 'subtotal',
  pagos: 'monto_impuesto',
};

const LIST_NOUN: Record<string, [string, string]> = {
  lineas: ['línea', 'líneas'],
  adicionales: ['adicional', 'adicionales'],
  pagos: ['pago', 'pagos'],
};

const TIPOS_MOVIMIENTO: Record<string, string> = { ENTRADA: 'Entrada', SALIDA: 'Salida' };

const MOTIVOS: Record<string, string> = {
  CargaInicial: 'Carga inicial',
  CorreccionManual: 'Corrección manual',
  Venta: 'Venta',
  VentaEditada: 'Venta editada',
  VentaEliminada: 'Venta eliminada',
  Transferencia: 'Transferencia',
};

/** Deep equality of JSON values (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** A list as its count and the sum of its amounts: `2 líneas, total $ 3.000,00`. */
export function listSummary(campo: string, value: unknown[]): string {
  const [one, many] = LIST_NOUN[campo] ?? ['elemento', 'elementos'];
  const amount = LIST_AMOUNT[campo];
  const count = `${value.length} ${value.length === 1 ? one : many}`;
  if (!amount) return count;
  const amounts = value.map((item) => (isObject(item) ? Number(item[amount]) : NaN)).filter(Number.isFinite);
  return `${count}, total ${formatPesos(sumCents(amounts.map(centsOf)))}`;
}

/** The name of an id, or `#id` when the list does not know it. */
const nombreDe = (nombres: ReadonlyMap<number, string>, id: unknown) =>
  (typeof id === 'number' && nombres.get(id)) || `#${String(id)}`;

const MAPA: Partial<Record<Clase, keyof Nombres>> = {
  local: 'locales',
  marca: 'marcas',
  material: 'materiales',
  categorias: 'categorias',
  proveedores: 'proveedores',
};

/** A value as the screens show it, by its class. */
function valueText(clase: Clase, key: string, value: unknown, nombres: Nombres): string {
  if (value === null || value === undefined || value === '') return '—';
  const mapa = MAPA[clase];
  if (mapa) {
    if (Array.isArray(value)) return value.length ? value.map((id) => nombreDe(nombres[mapa], id)).join(', ') : '—';
    return nombreDe(nombres[mapa], value);
  }
  if (Array.isArray(value)) return clase === 'lista' ? listSummary(key, value) : value.map(String).join(', ');
  if (clase === 'dinero' && typeof value === 'number') return money(value);
  if (clase === 'porcentaje' && typeof value === 'number') {
    const hundredths = parseScaled(String(value), 2);
    return hundredths === null ? `${value}%` : formatPorcentaje(hundredths);
  }
  if (clase === 'fecha' && typeof value === 'string') return formatFechaHora(value);
  if (clase === 'estado' && typeof value === 'string') return estadoLabel(value) || value;
  if (clase === 'tipoMovimiento' && typeof value === 'string') return TIPOS_MOVIMIENTO[value] ?? value;
  if (clase === 'motivo' && typeof value === 'string') return MOTIVOS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A movement field's value as the diff shows it (no names known). */
export const fieldText = (key: string, value: unknown, nombres: Nombres = sinNombres) =>
  valueText(CAMPOS.Movimiento[key]?.clase ?? 'texto', key, value, nombres);

/** One line of data: `Campo: valor`. */
export interface Linea {
  campo: string;
  valor: string;
}

export const lineaText = (l: Linea) => `${l.campo}: ${l.valor}`;

const camposDe = (tipo: string): Record<string, Campo> => (CAMPOS as Record<string, Record<string, Campo>>)[tipo] ?? {};

// ---- a patient's ficha (FichaAgregada, FichaEditada) ----

/** A prescription number as the patient form writes it: diopters with two decimals and a plus
 * for positives (`+2,00`, `-1,25`, `0,00`), the axis and millimetres plain (`90`, `31,5`). */
export function prescripcionText(value: unknown, signed: boolean): string {
  if (typeof value !== 'number') return '—';
  const units = parseScaled(String(value), 2);
  if (units === null) return String(value);
  if (!signed) return formatUnits(units, 2, { fixed: false, group: false });
  const text = formatUnits(units, 2, { group: false });
  return units > 0 ? `+${text}` : text;
}

const OJOS: Record<string, string> = { DERECHO: 'derecho', IZQUIERDO: 'izquierdo' };
const VISIONES: Record<string, string> = { LEJOS: 'Lejos', CERCA: 'Cerca' };
/** The eye and distance of each of a ficha's four prescriptions when they do not say them. */
const GRADUACIONES_ORDEN = [
  ['DERECHO', 'LEJOS'],
  ['IZQUIERDO', 'LEJOS'],
  ['DERECHO', 'CERCA'],
  ['IZQUIERDO', 'CERCA'],
] as const;

/** A ficha's prescriptions, one line each: `Lejos, ojo derecho: esférico -1,25, cilíndrico -0,50, eje 90`. */
export function graduacionLines(graduaciones: unknown[]): Linea[] {
  return graduaciones.map((g, i) => {
    const d = isObject(g) ? g : {};
    const ojo = typeof d.ojo === 'string' ? d.ojo : (GRADUACIONES_ORDEN[i]?.[0] ?? '');
    const tipo = typeof d.tipo === 'string' ? d.tipo : (GRADUACIONES_ORDEN[i]?.[1] ?? '');
    const valores = [
      ['esférico', d.esferico, true],
      ['cilíndrico', d.cilindrico, true],
      ['eje', d.eje, false],
    ] as const;
    const shown = valores.filter(([, v]) => typeof v === 'number');
    return {
      campo: `${VISIONES[tipo] ?? (tipo || 'Graduación')}, ojo ${OJOS[ojo] ?? (ojo.toLowerCase() || '—')}`,
      valor: shown.length ? shown.map(([n, v, signed]) => `${n} ${prescripcionText(v, signed)}`).join(', ') : '—',
    };
  });
}

/** The measures of a ficha, with whether each is signed (the additions are diopters). */
const MEDIDAS: Record<string, [string, boolean]> = {
  dnp_derecho: ['DNP derecho', false],
  dnp_izquierdo: ['DNP izquierdo', false],
  altura_pupilar_derecho: ['Altura pupilar derecho', false],
  altura_pupilar_izquierdo: ['Altura pupilar izquierdo', false],
  altura_pelicula: ['Altura película', false],
  puente: ['Puente', false],
  diagonal_mayor: ['Diagonal mayor', false],
  largo: ['Largo', false],
  altura_armazon: ['Altura armazón', false],
  adicion_derecho: ['Adición derecho', true],
  adicion_izquierdo: ['Adición izquierdo', true],
};

/** `dnp_derecho` → `Dnp derecho`, for a measure the app does not know yet. */
const snakeLabel = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A ficha's measures that have a value, one line each in the form's order: `DNP derecho: 31,5`. */
export function medidaLines(medidas: Json): Linea[] {
  const keys = [...Object.keys(MEDIDAS), ...Object.keys(medidas).filter((k) => !(k in MEDIDAS))];
  return keys
    .filter((k) => medidas[k] !== null && medidas[k] !== undefined)
    .map((k) => {
      const [label, signed] = MEDIDAS[k] ?? [snakeLabel(k), false];
      return { campo: label, valor: prescripcionText(medidas[k], signed) };
    });
}

/** An entity's data as lines, its known fields first in their order, then any other; a ficha's
 * prescriptions and measures one line each. */
export function dataLines(tipo: string, datos: Json, nombres: Nombres): Linea[] {
  const campos = camposDe(tipo);
  const keys = [...Object.keys(campos).filter((k) => k in datos), ...Object.keys(datos).filter((k) => !(k in campos))];
  return keys.flatMap((k) => {
    const v = datos[k];
    if (!(k in campos) && k === 'graduaciones' && Array.isArray(v)) return graduacionLines(v);
    if (!(k in campos) && k === 'medidas' && isObject(v)) return medidaLines(v);
    const c = campos[k] ?? CAMPOS_EVENTO[k] ?? campo(k);
    return [{ campo: c.nombre, valor: valueText(c.clase, k, v, nombres) }];
  });
}

/** The class of an event's `anterior` and `nuevo`: states, or money for a mass update. */
const claseCambio = (evento: string): Clase =>
  evento === 'EstadoCambiado'
    ? 'estado'
    : evento === 'PrecioActualizado' || evento === 'CostoActualizado'
      ? 'dinero'
      : 'texto';

/** An event's data as readable lines (the log's 'Ver datos'): the entity's data with its fields'
 * Spanish names, and any other field the event carries. */
export function eventLines(e: Pick<EventoAuditoria, 'tipo' | 'evento' | 'datos'>, nombres: Nombres): Linea[] {
  const datos = e.datos as unknown;
  if (!isObject(datos)) return [];
  const lines: Linea[] = [];
  for (const [k, v] of Object.entries(datos)) {
    if (k === 'datos' && isObject(v)) {
      lines.push(...dataLines(e.tipo, v, nombres));
    } else if (k === 'anterior' || k === 'nuevo') {
      lines.push({
        campo: k === 'anterior' ? 'Antes' : 'Después',
        valor: valueText(claseCambio(e.evento), k, v, nombres),
      });
    } else if (isObject(v)) {
      lines.push(...dataLines('', v, nombres));
    } else {
      const c = CAMPOS_EVENTO[k] ?? campo(k);
      lines.push({ campo: c.nombre, valor: valueText(c.clase, k, v, nombres) });
    }
  }
  return lines;
}

/** An entity as it stood (the server's rebuilt state) as readable lines: its data, a product's
 * stock per branch, a patient's ficha and number of fichas, and whether it had been deleted. */
export function stateLines(tipo: string, state: unknown, nombres: Nombres): Linea[] {
  if (!isObject(state)) return [];
  const lines: Linea[] = [];
  if (typeof state.ficha === 'number') lines.push({ campo: 'Ficha', valor: String(state.ficha) });
  if (isObject(state.datos)) lines.push(...dataLines(tipo, state.datos, nombres));
  if (isObject(state.stock)) {
    const stock = Object.entries(state.stock).map(
      ([id, n]) => `${nombreDe(nombres.locales, Number(id))}: ${String(n)}`,
    );
    lines.push({ campo: 'Stock', valor: stock.length ? stock.join(', ') : '—' });
  }
  if (Array.isArray(state.fichas)) lines.push({ campo: 'Fichas', valor: String(state.fichas.length) });
  if (state.deleted === true) lines.push({ campo: 'Eliminado', valor: 'Sí' });
  return lines;
}

const CAMELS: Record<string, string> = { ContrasenaCambiada: 'Contraseña cambiada' };

/** An event type in Spanish words: `StockAjustado` → `Stock ajustado`. */
export function eventoLabel(evento: string): string {
  if (CAMELS[evento]) return CAMELS[evento];
  const words = evento.split(/(?=[A-Z])/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}

// ---- the before/after of an edit ----

export interface Cambio {
  campo: string;
  antes: string;
  despues: string;
}

/** One line of the diff: `campo: antes → después`. */
export const cambioText = (c: Cambio) => `${c.campo}: ${c.antes} → ${c.despues}`;

/** The top-level fields that differ between two data of an entity, compared by value. A list
 * whose summary reads the same on both sides says its detail changed. */
export function diffDatos(tipo: string, antes: Json, despues: Json, nombres: Nombres = sinNombres): Cambio[] {
  const campos = camposDe(tipo);
  const known = Object.keys(campos);
  const extra = [...new Set([...Object.keys(antes), ...Object.keys(despues)])].filter((k) => !known.includes(k));
  const cambios: Cambio[] = [];
  for (const key of [...known, ...extra]) {
    if (!(key in antes) && !(key in despues)) continue;
    if (sameJson(antes[key] ?? null, despues[key] ?? null)) continue;
    const clase = campos[key]?.clase ?? 'texto';
    const before = valueText(clase, key, antes[key], nombres);
    let after = valueText(clase, key, despues[key], nombres);
    if (before === after) after = `${after} (detalle modificado)`;
    cambios.push({ campo: campos[key]?.nombre ?? key, antes: before, despues: after });
  }
  return cambios;
}

/** The movement diff (kept for its callers): `diffDatos` of two movement data. */
export const diffMovimiento = (antes: Json, despues: Json, nombres: Nombres = sinNombres) =>
  diffDatos('Movimiento', antes, despues, nombres);

/** Per kind: the events carrying the entity's whole data, and the one that is an edit. */
const DATA_EVENTS: Record<string, { data: string[]; edit: string }> = {
  Movimiento: { data: ['MovimientoRegistrado', 'MovimientoEditado'], edit: 'MovimientoEditado' },
  Producto: { data: ['ProductoCreado', 'ProductoEditado'], edit: 'ProductoEditado' },
  Paciente: { data: ['PacienteRegistrado', 'PacienteEditado'], edit: 'PacienteEditado' },
};

/** The entity data an event carries (`datos.datos`), if it carries one. */
export function entityData(tipo: string, evento: Pick<EventoAuditoria, 'evento' | 'datos'>): Json | null {
  if (!DATA_EVENTS[tipo]?.data.includes(evento.evento)) return null;
  const datos = (evento.datos as unknown as Json | null)?.datos;
  return isObject(datos) ? datos : null;
}

/** A movement's data (`datos.datos` of its registration or edit). */
export const movementData = (evento: Pick<EventoAuditoria, 'evento' | 'datos'>) => entityData('Movimiento', evento);

/** What an event without the whole data changes in it: a state, a mass price or cost update. */
const PATCHES: Record<string, string> = {
  EstadoCambiado: 'estado',
  PrecioActualizado: 'precio',
  CostoActualizado: 'costo',
};

/**
 * The changes of every edit of an entity's history (oldest first), keyed by the event's position
 * in the list: its data against the entity as it stood before, that is the preceding event with
 * its data, with any state, price or cost moved since (EstadoCambiado, PrecioActualizado,
 * CostoActualizado). Null when there is nothing before it to compare with.
 */
export function entityChanges(
  tipo: string,
  eventos: Pick<EventoAuditoria, 'evento' | 'datos'>[],
  nombres: Nombres = sinNombres,
): Map<number, Cambio[] | null> {
  const changes = new Map<number, Cambio[] | null>();
  const edit = DATA_EVENTS[tipo]?.edit;
  let previous: Json | null = null;
  eventos.forEach((evento, index) => {
    const data = entityData(tipo, evento);
    if (evento.evento === edit) changes.set(index, previous && data ? diffDatos(tipo, previous, data, nombres) : null);
    if (data) previous = data;
    const patched = PATCHES[evento.evento];
    if (patched && previous) {
      const nuevo = (evento.datos as unknown as Json | null)?.nuevo;
      if (nuevo !== undefined) previous = { ...previous, [patched]: nuevo };
    }
  });
  return changes;
}

/** A movement's history's edits (see `entityChanges`). */
export const movementChanges = (eventos: Pick<EventoAuditoria, 'evento' | 'datos'>[], nombres: Nombres = sinNombres) =>
  entityChanges('Movimiento', eventos, nombres);
