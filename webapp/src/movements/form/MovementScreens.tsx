import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText, handledElsewhere } from '../../api/base';
import { useGetMovimientoQuery, type Movimiento } from '../../api/movements';
import { useGetPacienteQuery } from '../../api/patients';
import { alert } from '../../app/alerts';
import { positiveId, useRouteId, useSeed, type EditScreenProps } from '../../ui/editScreen';
import { ReadFailed } from '../../ui/ReadFailed';
import { MESSAGES, TITLES } from './messages';
import { MovementForm } from './MovementForm';
import { LIST_PATH } from './useSaveMovement';

const returnsChanged = (a: Movimiento, b: Movimiento) => a.devoluciones.join(',') !== b.devoluciones.join(',');

/** Routes crearMovimiento and crearMovimiento/:pacienteId: a new movement, for the patient when
 * the route names one (an ENTRADA at the patient's branch). An unknown patient is told and the
 * form opens without one. */
export function CreateMovement() {
  const param = useParams().pacienteId;
  const pacienteId = positiveId(param);
  const query = useGetPacienteQuery(pacienteId ?? 0, { skip: pacienteId === null, refetchOnMountOrArgChange: true });
  // The first fresh answer seeds the form; refetches after saving must not reset it.
  const [loaded] = useSeed(query, pacienteId);
  const missing =
    param !== undefined && !loaded && (pacienteId === null || (query.isError && !handledElsewhere(query.error)));
  useEffect(() => {
    if (missing) void alert('error', TITLES.error, MESSAGES.pacienteNoEncontrado);
  }, [missing]);

  if (loaded) return <MovementForm key={`paciente-${loaded.id}`} paciente={loaded} />;
  if (pacienteId !== null && !missing) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return <MovementForm key="nuevo" />;
}

/** Route editarMovimiento/:id: loads the movement fresh, then shows the form with it. */
export function EditMovement({ below }: EditScreenProps) {
  const navigate = useNavigate();
  const id = useRouteId();
  const query = useGetMovimientoQuery(id ?? 0, { skip: id === null, refetchOnMountOrArgChange: true });
  // The first fresh answer seeds the form; refetches after saving must not reset it.
  const [loaded, reseed] = useSeed(query, id);
  // A return registered below the form (or elsewhere) changes the sale: its version, what it owes
  // and what may still change. The form opens again with it, or its Guardar would be refused as
  // stale; other changes keep the form, and their conflict is told when it is saved.
  const fresh = query.currentData;
  if (loaded && fresh?.id === loaded.id && !query.isFetching && returnsChanged(loaded, fresh)) reseed(fresh);

  const failed = !loaded && (id === null || (query.isError && !handledElsewhere(query.error)));
  const message = (id !== null && errorText(query.error)) || MESSAGES.movimientoNoCargado;
  if (failed) {
    return (
      <ReadFailed heading="Editar Movimiento" title={TITLES.errorObtener} message={message}>
        <button type="button" className="btn btn-secondary" onClick={() => navigate(LIST_PATH)}>
          Volver al inicio
        </button>
      </ReadFailed>
    );
  }
  if (!loaded) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return (
    <>
      <MovementForm key={`${loaded.id}-${loaded.devoluciones.join(',')}`} movimiento={loaded} />
      {below?.(loaded.id)}
    </>
  );
}
