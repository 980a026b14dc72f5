import { useParams } from 'react-router-dom';
import { errorStatus } from '../api/base';
import { ESTADO_LABELS, isEstado, useEstadoCompraQuery, type EstadoMovimiento } from '../api/movements';
import { formatFecha } from '../lib/dates';
import { MESSAGES } from './messages';

/** Progress and public texts per state (spec 001 section 4). */
const STEPS: Record<EstadoMovimiento, { progress: number; texts: string[] }> = {
  PEDIDO_CRISTALES: {
    progress: 25,
    texts: [
      'Tu pedido está en proceso de solicitud de cristales',
      'Tiempo estimado de entrega: entre 10 y 15 días hábiles.',
    ],
  },
  ARMANDO_PEDIDO: {
    progress: 50,
    texts: ['Estamos armando tu pedido.', 'Va a estar listo entre hoy y mañana.'],
  },
  ANTEOJO_TERMINADO: {
    progress: 75,
    texts: ['¡Tu anteojo está terminado!', 'Ya podés pasar a retirarlo por la óptica.'],
  },
  ENTREGADO: {
    progress: 100,
    texts: ['¡Gracias por confiar en nosotros!', 'Tu pedido ya fue entregado. Que disfrutes tus anteojos.'],
  },
};

/** Route estadoCompra/:id, public: the customer opens the link staff copied from the cash box. The
 * id is the movement's status code (not its number), so other orders cannot be guessed. The page
 * says which order it is by its day and branch, nothing personal. */
export function EstadoCompra() {
  const codigo = useParams().id ?? '';
  const { data, error, isLoading, isError } = useEstadoCompraQuery(codigo, { skip: !codigo });
  const estado = data?.estadoMovimiento;

  return (
    <section className="mx-auto text-center" style={{ maxWidth: 640 }}>
      <h2 className="mb-4">Estado de tu pedido</h2>
      {isLoading && <p className="text-muted">{MESSAGES.cargando}</p>}
      {(isError || !codigo) && (
        <p className="alert alert-warning" role="alert">
          {!codigo || errorStatus(error) === 404 ? MESSAGES.pedidoNoEncontrado : MESSAGES.estadoFallo}
        </p>
      )}
      {data?.fecha && (
        <p className="text-muted mb-3">
          {MESSAGES.pedidoDel(formatFecha(data.fecha))}
          {data.local ? ` · ${MESSAGES.pedidoLocal(data.local)}` : ''}
        </p>
      )}
      {data && isEstado(estado) && (
        <>
          <h3 className="h5 mb-3">{ESTADO_LABELS[estado]}</h3>
          <div
            className="progress mb-3"
            role="progressbar"
            aria-label="Progreso del pedido"
            aria-valuenow={STEPS[estado].progress}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ height: '1.5rem' }}
          >
            <div
              className={`progress-bar${STEPS[estado].progress === 100 ? ' bg-success' : ''}`}
              style={{ width: `${STEPS[estado].progress}%` }}
            >
              {STEPS[estado].progress}%
            </div>
          </div>
          {STEPS[estado].texts.map((text) => (
            <p key={text} className="mb-1">
              {text}
            </p>
          ))}
        </>
      )}
      {data && !isEstado(estado) && <p>{MESSAGES.pedidoEnProceso}</p>}
    </section>
  );
}
