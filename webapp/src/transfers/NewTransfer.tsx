import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useLazyProductosEnLocalQuery, type Producto } from '../api/products';
import { useEnviarTransferenciaMutation } from '../api/transfers';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { newIdempotencyKey } from '../lib/idempotency';
import { formatEntero, WHOLE } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { NumberInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { SearchBox } from '../ui/SearchBox';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { agregarLinea, envioBody, envioInicial, envioProblems, enviables, stockEn, type Envio } from './rules';
import '../ui/stackedTable.css';

/**
 * Route transferencias/nueva (staff): from a branch (a seller's own, fixed; an admin chooses) to
 * another, products found by model at the origin with the units to send (never above its
 * stock), and a note. 'Enviar' takes the units out of the origin at once; they are in transit
 * until the destination receives them.
 */
export function NewTransfer() {
  const navigate = useNavigate();
  const session = useAppSelector((s) => s.session);
  const admin = isAdmin(session);
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [envio, setEnvio] = useState<Envio>(() => envioInicial(admin ? 0 : (session.localId ?? 0)));
  const [opened] = useState(envio);
  const saved = useUnsavedChanges(changed(opened, envio));
  const [modelo, setModelo] = useState('');
  const [found, setFound] = useState<Producto[] | null>(null);
  const [buscar, searching] = useLazyProductosEnLocalQuery();
  const [enviar, sending] = useEnviarTransferenciaMutation();
  // Made once per opened form: a double click or a retry after a lost answer sends one transfer;
  // the form opened again is a new transfer.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const problems = envioProblems(envio);
  const set = (change: Partial<Envio>) => setEnvio((e) => ({ ...e, ...change }));

  const search = async (e: FormEvent) => {
    e.preventDefault();
    const text = modelo.trim();
    if (!text) return;
    if (!envio.origenId) {
      void alert('warning', TITLES.atencion, MESSAGES.elegirOrigen);
      return;
    }
    const result = await buscar({ modelo: text, localId: envio.origenId });
    if (result.error) {
      setFound(null);
      if (!handledElsewhere(result.error)) void alert('error', TITLES.error, MESSAGES.buscarFallo);
      return;
    }
    const list = enviables(result.data ?? [], envio.origenId);
    setFound(list);
    if (list.length === 0) void alert('info', TITLES.sinResultados, MESSAGES.sinProductos);
  };

  const agregar = (p: Producto) => {
    const { envio: next, repetido } = agregarLinea(envio, p);
    if (repetido) void alert('info', TITLES.atencion, MESSAGES.yaAgregado);
    else setEnvio(next);
  };

  /** Another origin: the products found and chosen were its stock, so they go; a destination
   * equal to it is chosen again. */
  const origen = (origenId: number) => {
    setEnvio((e) => ({ ...e, origenId, destinoId: e.destinoId === origenId ? 0 : e.destinoId, lineas: [] }));
    setFound(null);
  };

  const submit = async () => {
    if (problems.length > 0 || sending.isLoading) return;
    try {
      const answer = await enviar({ body: envioBody(envio), idempotencyKey }).unwrap();
      saved();
      void alert('success', TITLES.enviada, answer.mensaje);
      navigate(answer.transferencia ? `/transferencias/${answer.transferencia.id}` : '/transferencias');
    } catch (error) {
      refused(error);
    }
  };

  const nombre = (id: number) => locales.find((l) => l.id === id)?.nombre ?? '';
  return (
    <section>
      <h2 className="text-center mb-3">NUEVA TRANSFERENCIA</h2>
      <p className="text-muted small">{MESSAGES.enTransito}</p>
      <div className="row g-2 mb-3">
        <div className="col-sm-6 col-md-3">
          <label htmlFor="transferenciaOrigen" className="form-label">
            Local de origen
          </label>
          <select
            id="transferenciaOrigen"
            className="form-select"
            value={envio.origenId}
            disabled={!admin}
            onChange={(e) => origen(Number(e.target.value))}
          >
            <option value={0}>Elegí el local</option>
            {locales
              .filter((l) => admin || l.id === envio.origenId)
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nombre}
                </option>
              ))}
          </select>
        </div>
        <div className="col-sm-6 col-md-3">
          <label htmlFor="transferenciaDestino" className="form-label">
            Local de destino
          </label>
          <select
            id="transferenciaDestino"
            className="form-select"
            value={envio.destinoId}
            onChange={(e) => set({ destinoId: Number(e.target.value) })}
          >
            <option value={0}>Elegí el local</option>
            {locales
              .filter((l) => l.id !== envio.origenId)
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nombre}
                </option>
              ))}
          </select>
        </div>
      </div>

      <fieldset className="mb-3">
        <legend className="fs-5">Productos</legend>
        <div className="row g-2 align-items-end mb-2">
          <SearchBox
            label="Buscar por modelo"
            inputId="transferenciaModelo"
            value={modelo}
            onChange={setModelo}
            onSubmit={search}
            requireText
          />
        </div>
        {searching.isFetching && <p className="text-muted">{MESSAGES.cargando}</p>}
        {found && found.length > 0 && (
          <ul className="list-group mb-3" aria-label="Productos encontrados">
            {found.map((p) => (
              <li
                key={p.id}
                className="list-group-item d-flex flex-wrap gap-2 justify-content-between align-items-center"
              >
                <span>
                  {p.modelo} <span className="text-muted">({p.marca?.nombre ?? 'Sin marca'})</span>
                  <span className="d-block small text-muted">
                    Stock en {nombre(envio.origenId)}: {formatEntero(stockEn(p, envio.origenId))}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  aria-label={`Agregar ${p.modelo}`}
                  onClick={() => agregar(p)}
                >
                  Agregar
                </button>
              </li>
            ))}
          </ul>
        )}
        {envio.lineas.length > 0 && (
          <div className="table-responsive">
            <table className="table table-sm align-middle table-stacked" aria-label="Productos a transferir">
              <thead>
                <tr>
                  <th>Modelo</th>
                  <th>Marca</th>
                  <th>Stock en origen</th>
                  <th>Cantidad</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {envio.lineas.map((l) => (
                  <tr key={l.productoId}>
                    <td data-label="Modelo">{l.modelo}</td>
                    <td data-label="Marca">{l.marca}</td>
                    <td data-label="Stock en origen">{formatEntero(l.stock)}</td>
                    <td data-label="Cantidad" style={{ maxWidth: '8rem' }}>
                      <div className="flex-grow-1">
                        <NumberInput
                          id={`enviar-${l.productoId}`}
                          small
                          rule={WHOLE}
                          aria-label={`Cantidad de ${l.modelo}`}
                          value={l.cantidad}
                          onValueChange={(cantidad) =>
                            set({
                              lineas: envio.lineas.map((x) => (x.productoId === l.productoId ? { ...x, cantidad } : x)),
                            })
                          }
                        />
                      </div>
                    </td>
                    <td data-label="">
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        aria-label={`Quitar ${l.modelo}`}
                        onClick={() => set({ lineas: envio.lineas.filter((x) => x.productoId !== l.productoId) })}
                      >
                        Quitar
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </fieldset>

      <div className="mb-3">
        <label htmlFor="transferenciaNota" className="form-label">
          Nota (opcional)
        </label>
        <textarea
          id="transferenciaNota"
          className="form-control"
          rows={2}
          value={envio.nota}
          onChange={(e) => set({ nota: e.target.value })}
        />
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => navigate('/transferencias')}>
          Volver
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={problems.length > 0 || sending.isLoading}
          aria-describedby={problems.length > 0 ? 'envio-problems' : undefined}
          onClick={() => void submit()}
        >
          {sending.isLoading ? MESSAGES.enviando : 'Enviar'}
        </button>
      </div>
      <SaveProblems id="envio-problems" problems={problems} />
    </section>
  );
}
