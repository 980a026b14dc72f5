// The texts the audit screens show (the log, an entity's history and a product's stock ledger):
// titles first, then the messages.
import { LOADING } from '../app/words';

export const TITLES = {
  auditoria: 'AUDITORÍA',
  historial: 'Historial',
  libroStock: 'Libro de stock',
  stockAlMomento: 'Stock al momento',
  estadoAlMomento: 'Estado al momento',
} as const;

export const MESSAGES = {
  ...LOADING,
  sinEventos: 'No se encontraron eventos',
  auditoriaFallo: 'No se pudo cargar la auditoría.',
  historialFallo: 'No se pudo cargar el historial.',
  historialVacio: 'No hay eventos registrados.',
  estadoFallo: 'No se pudo obtener el estado a ese momento.',
  sinCambios: 'Sin cambios en los datos.',
  sinAnterior: 'No hay datos anteriores con qué comparar.',
  libroFallo: 'No se pudo cargar el libro de stock.',
  libroVacio: 'No hay cambios de stock registrados.',
  stockMomentoVacio: 'No había stock registrado a ese momento.',
} as const;
