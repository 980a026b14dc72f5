import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { useCreateVariosMutation, useValidarModelosMutation } from '../api/products';
import { alert } from '../app/alerts';
import { SaveProblems } from '../ui/SaveProblems';
import { SavingOverlay } from '../ui/SavingOverlay';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { MESSAGES, TITLES } from './messages';
import { ProductFields } from './ProductFields';
import {
  bulkProblems,
  checkModels,
  emptyFields,
  modelsForServer,
  productoBody,
  type ProductFieldsValue,
} from './rules';

/** What a refused bulk save says: its mensaje, then which products failed and why. */
function bulkFailureText(error: unknown): string {
  const data = (error as { data?: { mensaje?: unknown; errores?: unknown } }).data;
  const mensaje = typeof data?.mensaje === 'string' ? data.mensaje : MESSAGES.creadosFallo;
  const errores = Array.isArray(data?.errores) ? data.errores.filter((e) => typeof e === 'string') : [];
  return errores.length ? `${mensaje} ${errores.join(', ')}` : mensaje;
}

/** Route crearVariosProductos: several models sharing every other field, saved all or none. */
export function BulkCreate() {
  const navigate = useNavigate();
  const [modelos, setModelos] = useState<string[]>(['']);
  const [invalid, setInvalid] = useState<number[]>([]);
  const [fields, setFields] = useState<ProductFieldsValue>(emptyFields);
  const [busy, setBusy] = useState(false);
  const [validar] = useValidarModelosMutation();
  const [crear] = useCreateVariosMutation();
  const problems = bulkProblems(modelos, fields);
  const enabled = problems.length === 0 && !busy;
  const saved = useUnsavedChanges(changed({ modelos: [''], fields: emptyFields }, { modelos, fields }));

  const typeModel = (index: number, text: string) => {
    setModelos(modelos.map((m, i) => (i === index ? text : m)));
    setInvalid(invalid.filter((i) => i !== index));
  };
  const removeModel = (index: number) => {
    setModelos(modelos.filter((_, i) => i !== index));
    // Highlights follow their inputs down the list.
    setInvalid(invalid.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)));
  };

  const save = async () => {
    const check = checkModels(modelos);
    const marca = fields.marca;
    if (!marca) {
      void alert('warning', TITLES.atencion, MESSAGES.sinMarca);
      return;
    }
    if (check.invalid.length) {
      setInvalid(check.invalid);
      void alert('warning', TITLES.modelosInvalidos, MESSAGES.modelosInvalidos(check.forbidden.join(', ')));
      return;
    }
    if (check.duplicates.length) {
      void alert('warning', TITLES.modelosRepetidos, MESSAGES.modelosRepetidos(check.duplicates.join(', ')));
      return;
    }
    if (check.modelos.length === 0) return;

    let existing: string[];
    try {
      existing = await validar({ marcaId: marca.id, modelos: modelsForServer(check.modelos) }).unwrap();
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.validarFallo);
      return;
    }
    if (existing.length) {
      const taken = new Set(existing.map((m) => m.toLowerCase()));
      setInvalid(modelos.flatMap((m, i) => (taken.has(m.trim().toLowerCase()) ? [i] : [])));
      void alert('warning', TITLES.modelosExistentes, MESSAGES.modelosExistentes(existing.join(', ')));
      return;
    }

    try {
      await crear(check.modelos.map((m) => productoBody(m, fields))).unwrap();
      void alert('success', TITLES.creados, MESSAGES.creados);
      saved();
      navigate('/inicio');
    } catch (error) {
      if (handledElsewhere(error)) return;
      if (errorStatus(error) === 400) void alert('error', TITLES.error, bulkFailureText(error));
      else void alert('error', TITLES.error, errorText(error) ?? MESSAGES.creadosFallo);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!enabled) return;
    setBusy(true);
    try {
      await save();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <SavingOverlay show={busy} />
      <h2 className="mb-4">Crear Producto</h2>
      <form onSubmit={submit} noValidate>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">Modelos</legend>
          {modelos.map((m, i) => (
            <div className="input-group mb-2" key={i}>
              <input
                className={`form-control${invalid.includes(i) ? ' is-invalid' : ''}`}
                aria-label={`Modelo ${i + 1}`}
                required
                value={m}
                onChange={(e) => typeModel(i, e.target.value)}
              />
              {modelos.length > 1 && (
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  aria-label={`Quitar modelo ${i + 1}`}
                  onClick={() => removeModel(i)}
                >
                  Quitar
                </button>
              )}
            </div>
          ))}
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setModelos([...modelos, ''])}>
            Agregar modelo
          </button>
        </fieldset>
        <ProductFields value={fields} onChange={setFields} />
        <div className="d-flex gap-2 mt-4">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/productos')}>
            Volver
          </button>
          <button type="submit" className="btn btn-primary" disabled={!enabled} aria-describedby="productos-problemas">
            Crear Producto
          </button>
        </div>
        <SaveProblems id="productos-problemas" problems={problems} />
      </form>
    </section>
  );
}
