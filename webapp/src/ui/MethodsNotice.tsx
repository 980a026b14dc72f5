import { useListLookupQuery } from '../api/lookups';
import { SIN_METODOS } from '../app/words';

/** Why a form has no payment method to offer: the list is still on its way, it failed (with a
 * way to ask again, since a sale cannot be saved without a method), or the shop has none yet.
 * Nothing once there are methods. */
export function MethodsNotice() {
  const { data, isError, refetch, isFetching } = useListLookupQuery('/api/metodoPago');
  if (data && data.length > 0) return null;
  if (isError && !isFetching) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
        No se pudieron cargar los métodos de pago.
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  if (!data) return <p className="text-muted">Cargando métodos de pago...</p>;
  return <p className="alert alert-warning">{SIN_METODOS}</p>;
}
