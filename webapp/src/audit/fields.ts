// The fields of the audited entities and events with their Spanish labels, and how each value is
// written (money, dates, states, names instead of ids, lists as their count and sum).
import { estadoLabel } from '../api/movements';
import { formatFechaHora } from '../lib/dates';
import { centsOf, formatPesos, money, parseScaled, sumCents } from '../lib/money';
import { formatPorcentaje } from '../lib/numbers';
import { isObject } from './json';
import { nombreDe, pacienteText, sinNombres, type Nombres } from './nombres';

/** How a field's value is written. */
export type Clase =
  | 'texto'
  | 'dinero'
  | 'porcentaje'
  | 'fecha'
  | 'estado'
  | 'tipoMovimiento'
  | 'motivo'
  | 'lista'
  | 'local'
  | 'paciente'
  | 'marca'
  | 'material'
  | 'categorias'
  | 'proveedores';

export interface Campo {
  nombre: string;
  clase: Clase;
}

export const campo = (nombre: string, clase: Clase = 'texto'): Campo => ({ nombre, clase });

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
    paciente_id: campo('Paciente', 'paciente'),
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
export const CAMPOS_EVENTO: Record<string, Campo> = {
  local_id: campo('Local', 'local'),
  cantidad: campo('Cantidad'),
  motivo: campo('Motivo', 'motivo'),
  stock_resultante: campo('Stock resultante'),
  movimiento_id: campo('Movimiento'),
  paciente_id: campo('Paciente', 'paciente'),
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

/** A list as its count and the sum of its amounts: `2 líneas, total $ 3.000,00`. */
export function listSummary(campo: string, value: unknown[]): string {
  const [one, many] = LIST_NOUN[campo] ?? ['elemento', 'elementos'];
  const amount = LIST_AMOUNT[campo];
  const count = `${value.length} ${value.length === 1 ? one : many}`;
  if (!amount) return count;
  const amounts = value.map((item) => (isObject(item) ? Number(item[amount]) : NaN)).filter(Number.isFinite);
  return `${count}, total ${formatPesos(sumCents(amounts.map(centsOf)))}`;
}

const MAPA: Partial<Record<Clase, keyof Nombres>> = {
  local: 'locales',
  marca: 'marcas',
  material: 'materiales',
  categorias: 'categorias',
  proveedores: 'proveedores',
};

/** A value as the screens show it, by its class. */
export function valueText(clase: Clase, key: string, value: unknown, nombres: Nombres): string {
  if (value === null || value === undefined || value === '') return '—';
  if (clase === 'paciente') return pacienteText(nombres.pacientes, value);
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

export const camposDe = (tipo: string): Record<string, Campo> =>
  (CAMPOS as Record<string, Record<string, Campo>>)[tipo] ?? {};
