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
import { named, SelectField, TextAreaField } from '../ui/fields';
import { CellInput } from '../ui/NumberInput';
import { LinesTable } from '../ui/LinesTable';
import { SaveProblems } from '../ui/SaveProblems';
import { SearchBox } from '../ui/SearchBox';
import { SubmitButton } from '../ui/SubmitButton';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { useForm } from '../ui/useForm';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { agregarLinea, envioBody, envioInicial, envioProblems, enviables, stockEn, type Envio } from './rules';

/** The branch not chosen yet. */
const ELEGIR = { value: 0, label: 'Elegí el local' };

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
  const {
    form: envio,
    setForm: setEnvio,
    set,
    bind,
  } = useForm<Envio>(() => envioInicial(admin ? 0 : (session.localId ?? 0)));
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

  const setLinea = (productoId: number, change: Partial<Envio['lineas'][number]>) =>
    set({ lineas: envio.lineas.map((x) => (x.productoId === productoId ? { ...x, ...change } : x)) });
  const quitar = (productoId: number) => set({ lineas: envio.lineas.filter((x) => x.productoId !== productoId) });
  const nombre = (id: number) => locales.find((l) => l.id === id)?.nombre ?? '';
  return (
    <section>
      <h2 className="text-center mb-3">NUEVA TRANSFERENCIA</h2>
      <p className="text-muted small">{MESSAGES.enTransito}</p>
      <div className="row g-2 mb-3">
        <SelectField
          id="transferenciaOrigen"
          label="Local de origen"
          className="col-sm-6 col-md-3"
          value={envio.origenId}
          disabled={!admin}
          onChange={origen}
          options={[ELEGIR, ...named(locales.filter((l) => admin || l.id === envio.origenId))]}
        />
        <SelectField
          id="transferenciaDestino"
          label="Local de destino"
          className="col-sm-6 col-md-3"
          {...bind('destinoId')}
          options={[ELEGIR, ...named(locales.filter((l) => l.id !== envio.origenId))]}
        />
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
        <LinesTable
          label="Productos a transferir"
          rows={envio.lineas}
          rowKey={(l) => l.productoId}
          remove={{ label: (l) => `Quitar ${l.modelo}`, onRemove: (l) => quitar(l.productoId) }}
          columns={[
            { header: 'Modelo', cell: (l) => l.modelo },
            { header: 'Marca', cell: (l) => l.marca },
            { header: 'Stock en origen', cell: (l) => formatEntero(l.stock) },
            {
              header: 'Cantidad',
              style: { maxWidth: '8rem' },
              cell: (l) => (
                <CellInput
                  id={`enviar-${l.productoId}`}
                  rule={WHOLE}
                  aria-label={`Cantidad de ${l.modelo}`}
                  value={l.cantidad}
                  onValueChange={(cantidad) => setLinea(l.productoId, { cantidad })}
                />
              ),
            },
          ]}
        />
      </fieldset>

      <TextAreaField id="transferenciaNota" label="Nota (opcional)" className="mb-3" {...bind('nota')} />
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => navigate('/transferencias')}>
          Volver
        </button>
        <SubmitButton
          className="btn btn-primary"
          problemsId="envio-problems"
          problems={problems}
          sending={sending.isLoading}
          onClick={() => void submit()}
        >
          Enviar
        </SubmitButton>
      </div>
      <SaveProblems id="envio-problems" problems={problems} />
    </section>
  );
}
