// The texts the lab jobs and the reminders show in their alerts, notices and tables,
// through ../app/alerts: titles first, then the messages and why a button waits.
import type { Canal, EstadoAviso } from '../api/jobs';
import { confirmation } from '../app/confirmations';
import { MEDIDAS_ARMAZON } from '../lib/prescription';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

export const TITLES = {
  ...REFUSAL_TITLES,
  /** A job is its sale's: named by the sale's receipt. */
  trabajo: (venta: string) => `Trabajo de la venta ${venta}`,
  encargado: 'TRABAJO ENCARGADO',
  guardado: 'TRABAJO ACTUALIZADO',
  estado: 'ESTADO ACTUALIZADO',
  aviso: 'AVISO REGISTRADO',
  exito: 'ÉXITO',
  cristales: 'CRISTALES REGISTRADOS',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  listaFallo: 'No se pudieron cargar los trabajos.',
  trabajoFallo: 'No se pudo cargar el trabajo.',
  trabajoDeLaVenta: 'Esta venta tiene su trabajo de laboratorio.',
  sinTrabajos: 'No hay trabajos.',
  soloTuLocal: 'Se muestran los trabajos de tu local.',
  sinLaboratorios: 'No hay laboratorios cargados: pedí a un administrador que los cree.',
  sinReceta: 'El paciente no tenía ficha de graduación al encargar el trabajo.',
  sinHistorial: 'Sin cambios de estado.',
  sinAvisos: 'Todavía no se avisó al cliente.',
  sinWhatsapp: 'El paciente no tiene un celular válido para WhatsApp.',
  listo: '¡Anteojo terminado! Avisale al cliente que puede retirarlo.',
  ordenDescargada: 'La orden de trabajo se ha descargado correctamente.',
  ordenFallo: 'No se pudo descargar la orden de trabajo.',
  ventaSinTrabajo: 'Esta venta no tiene trabajo de laboratorio.',
  cristalesDespues:
    '¿La categoría de estos productos se marcó como cristales después de la venta? Registrá sus cristales en la ficha del paciente.',
  recordatoriosFallo: 'No se pudieron cargar los recordatorios.',
  sinControles: 'No hay controles vencidos.',
  sinRetirar: 'No hay anteojos sin retirar.',
  sinCelular: 'Sin celular válido',
} as const;

/** The notices' states in words (not told by colour alone): a mail's (sent by the server), and a
 * WhatsApp's, ABIERTO (the chat was opened with the message; whether it was sent, only staff
 * know). */
export const AVISO_ESTADOS: Record<EstadoAviso, string> = {
  ABIERTO: 'Abierto en WhatsApp',
  ENVIADO: 'Enviado',
  PENDIENTE: 'Pendiente',
  REINTENTANDO: 'Reintentando',
  FALLIDO: 'Falló',
};

/** Asked before a second mail of the same job ('Cancelar' is the dialog's own). */
export const OTRO_CORREO_CONFIRM = confirmation(
  '¿Enviar otro correo?',
  'El cliente ya tiene un correo de este trabajo.',
  'Sí, enviar',
);

export const CANALES: Record<Canal, string> = { EMAIL: 'Correo', WHATSAPP: 'WhatsApp' };

/** The prescription's words, as the patient's page writes them. */
export const RECETA = {
  vision: { LEJOS: 'Lejos', CERCA: 'Cerca' },
  ojo: { DERECHO: 'OD', IZQUIERDO: 'OI' },
  medidas: {
    adicionDerecho: 'Adición OD',
    adicionIzquierdo: 'Adición OI',
    dnpDerecho: 'DNP OD',
    dnpIzquierdo: 'DNP OI',
    alturaPupilarDerecho: 'Altura pupilar OD',
    alturaPupilarIzquierdo: 'Altura pupilar OI',
    ...MEDIDAS_ARMAZON,
  },
} as const;

/** Why a button waits, listed under it (ui/SaveProblems). The limits and words are the server's
 * (command/src/jobs/commands.rs, Regla). */
export const PROBLEMS = {
  sinLaboratorio: 'Elegí el laboratorio.',
  sinPrometido: 'Escribí la fecha prometida.',
  prometidoInvalido: (error: string) => `Fecha prometida: ${error}`,
  bandejaLarga: (max: number) => `La bandeja debe tener como máximo ${max} caracteres.`,
  notasLargas: (max: number) => `Las notas para el laboratorio deben tener como máximo ${max} caracteres.`,
  sinEstado: 'Elegí el nuevo estado.',
  mismoEstado: 'El trabajo ya está en ese estado.',
  rehacerSinMotivo: 'Para rehacer un trabajo indicá el motivo.',
  motivoLargo: (max: number) => `El motivo debe tener como máximo ${max} caracteres.`,
  entregado: 'El trabajo ya fue entregado: solo puede volver al laboratorio para rehacerse.',
  noListo: "El trabajo todavía no está terminado: avisá cuando esté en 'Anteojo Terminado'.",
  meses: 'Los meses deben ser un número entero entre 1 y 120.',
  dias: 'Los días deben ser un número entero entre 0 y 365.',
} as const;

/** What the list of los trabajos says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = { failed: MESSAGES.listaFallo, loading: MESSAGES.cargando, empty: MESSAGES.sinTrabajos };
