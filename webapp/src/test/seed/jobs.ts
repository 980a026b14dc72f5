// Lab jobs as the server writes them: job 41, José Pérez's sale at Centro, ordered from
// Lab Sur, in 'Control de calidad' for 3 hours (since the 26th at 10:00, by the shop's clock),
// with one WhatsApp notice (the chat opened).
import type { EstadoOpcion, Recordatorios, Trabajo, TrabajoResumen } from '../../api/jobs';
import { ficha } from './patients';
import { springPage } from './shop';
import { seeded } from './defaults';

export const laboratorios = [
  { id: 3, nombre: 'Lab Sur', celular: '3794 555555' },
  { id: 4, nombre: 'Óptica Lab', celular: null },
];

export const trabajoEstados: EstadoOpcion[] = [
  { clave: 'PEDIDO_CRISTALES', etiqueta: 'Pidiendo Cristales', estadoMovimiento: 'PEDIDO_CRISTALES' },
  { clave: 'REHACER', etiqueta: 'Rehacer', estadoMovimiento: 'PEDIDO_CRISTALES' },
  { clave: 'CRISTALES_RECIBIDOS', etiqueta: 'Cristales recibidos', estadoMovimiento: 'ARMANDO_PEDIDO' },
  { clave: 'ARMANDO_PEDIDO', etiqueta: 'Armando pedido', estadoMovimiento: 'ARMANDO_PEDIDO' },
  { clave: 'CONTROL_CALIDAD', etiqueta: 'Control de calidad', estadoMovimiento: 'ARMANDO_PEDIDO' },
  { clave: 'ANTEOJO_TERMINADO', etiqueta: 'Anteojo Terminado', estadoMovimiento: 'ANTEOJO_TERMINADO' },
  { clave: 'ENTREGADO', etiqueta: 'Entregado', estadoMovimiento: 'ENTREGADO' },
];

export const trabajoResumen = seeded<TrabajoResumen>(() => ({
  id: 41,
  localId: 1,
  local: 'Centro',
  pacienteId: 7,
  paciente: 'José Pérez',
  celular: '0379 15 4123456',
  laboratorioId: 3,
  laboratorio: 'Lab Sur',
  prometido: '2026-11-30',
  bandeja: 'B-12',
  estado: 'CONTROL_CALIDAD',
  etiqueta: 'Control de calidad',
  desde: '2026-11-26T10:00:00',
  segundos: 3 * 3600,
  encargado: '2026-11-20T09:30:00',
  atrasado: false,
  version: 4,
  comprobante: '0001-00000041',
}));

export const trabajo = seeded<Trabajo>(() => ({
  ...trabajoResumen(),
  notas: null,
  receta: ficha(),
  cristales: ['Orma Blue Essilor'],
  armazon: ['RB3025 Vulk'],
  historial: [
    {
      estado: 'PEDIDO_CRISTALES',
      etiqueta: 'Pidiendo Cristales',
      motivo: null,
      usuario: 'beto',
      fecha: '2026-11-20T09:30:00',
      segundos: 3 * 86400,
    },
    {
      estado: 'REHACER',
      etiqueta: 'Rehacer',
      motivo: 'Cristal rayado',
      usuario: 'ana',
      fecha: '2026-11-23T09:30:00',
      segundos: 5 * 3600,
    },
    {
      estado: 'CONTROL_CALIDAD',
      etiqueta: 'Control de calidad',
      motivo: null,
      usuario: 'beto',
      fecha: '2026-11-23T14:30:00',
      segundos: 1800,
    },
  ],
  avisos: [
    {
      aviso: 1,
      canal: 'WHATSAPP',
      destinatario: '0379 15 4123456',
      usuario: 'beto',
      solicitado: '2026-11-24T11:00:00',
      enviado: '2026-11-24T11:00:00',
      intentos: 0,
      error: null,
      estado: 'ABIERTO',
    },
  ],
  enlace: 'http://optica.test/estadoCompra/abc123',
  // The chat's link says the glasses are ready: the server offers it only in 'Anteojo Terminado'.
  whatsapp: null,
}));

/** Job 41 once its glasses are ready: the customer may be told, the chat's link offered. */
export const trabajoListo = (overrides: Partial<Trabajo> = {}): Trabajo =>
  trabajo({
    estado: 'ANTEOJO_TERMINADO',
    etiqueta: 'Anteojo Terminado',
    whatsapp: 'https://wa.me/5493794123456?text=Hola',
    ...overrides,
  });

/** A page of jobs, promised earliest first (20 a page). */
export const trabajosPage = (content: TrabajoResumen[], number = 0, totalPages = 1) =>
  springPage(content, 20, number, totalPages);

export const recordatorios = seeded<Recordatorios>(() => ({
  meses: 12,
  dias: 7,
  controles: [
    {
      pacienteId: 7,
      paciente: 'José Pérez',
      celular: '0379 15 4123456',
      ultimaFicha: '2024-03-10',
      whatsapp: 'https://wa.me/5493794123456?text=Control',
    },
    { pacienteId: 8, paciente: 'Ana Gómez', celular: '12', ultimaFicha: '2023-01-05', whatsapp: null },
  ],
  sinRetirar: [
    {
      id: 41,
      paciente: 'José Pérez',
      celular: '0379 15 4123456',
      listoDesde: '2026-11-10T17:45:00',
      local: 'Centro',
      comprobante: '0001-00000041',
      whatsapp: 'https://wa.me/5493794123456?text=Listo',
    },
  ],
}));
