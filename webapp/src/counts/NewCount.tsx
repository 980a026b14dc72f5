import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIniciarConteoMutation } from '../api/counts';
import { useListLookupQuery } from '../api/lookups';
import { alert } from '../app/alerts';
import { named, SelectField } from '../ui/fields';
import { SaveProblems } from '../ui/SaveProblems';
import { SubmitButton } from '../ui/SubmitButton';
import { submitter } from '../ui/submit';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { inicioBody, inicioProblems, inicioVacio, type Inicio } from './rules';

/** 'Nuevo conteo' (admins): the branch, and optionally one category or brand; the sheet opens. */
export function NewCount() {
  const navigate = useNavigate();
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: categorias = [] } = useListLookupQuery('/api/categoria');
  const { data: marcas = [] } = useListLookupQuery('/api/marca');
  const [inicio, setInicio] = useState<Inicio>(inicioVacio);
  const [iniciar, sending] = useIniciarConteoMutation();
  const problems = inicioProblems(inicio);
  const set = (change: Partial<Inicio>) => setInicio((i) => ({ ...i, ...change }));
  // The branch, and optionally a category or a brand: each a lookup with `none` (0) first.
  const choices = [
    { key: 'localId', id: 'conteoLocal', label: 'Local', none: 'Elegí el local', items: locales },
    {
      key: 'categoriaId',
      id: 'conteoCategoria',
      label: 'Categoría (opcional)',
      none: 'Todas las categorías',
      items: categorias,
    },
    { key: 'marcaId', id: 'conteoMarca', label: 'Marca (opcional)', none: 'Todas las marcas', items: marcas },
  ] as const;

  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      const answer = await iniciar(inicioBody(inicio)).unwrap();
      void alert('success', TITLES.iniciado, answer.mensaje);
      if (answer.planilla) navigate(`/conteos/${answer.planilla.conteo.id}`);
    },
    refused,
  );

  return (
    <form className="card mb-3" aria-label="Nuevo conteo" onSubmit={submit} noValidate>
      <div className="card-body">
        <h3 className="h5">Nuevo conteo</h3>
        <p className="small text-muted">{MESSAGES.nuevoAyuda}</p>
        <div className="row g-2 align-items-end">
          {choices.map((c) => (
            <SelectField
              key={c.id}
              id={c.id}
              label={c.label}
              className="col-sm-6 col-md-3"
              value={inicio[c.key]}
              onChange={(id) => set({ [c.key]: id })}
              options={[{ value: 0, label: c.none }, ...named(c.items)]}
            />
          ))}
          <div className="col-md-auto">
            <SubmitButton
              className="btn btn-success"
              problemsId="inicio-problems"
              problems={problems}
              sending={sending.isLoading}
            >
              Comenzar conteo
            </SubmitButton>
          </div>
        </div>
        <SaveProblems id="inicio-problems" problems={problems} />
      </div>
    </form>
  );
}
