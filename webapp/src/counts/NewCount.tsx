import { useNavigate } from 'react-router-dom';
import { useIniciarConteoMutation } from '../api/counts';
import { useListLookupQuery } from '../api/lookups';
import { alert } from '../app/alerts';
import { named, SelectField } from '../ui/fields';
import { RowForm } from '../ui/RowForm';
import { useForm } from '../ui/useForm';
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
  const { form: inicio, set } = useForm<Inicio>(inicioVacio);
  const [iniciar, sending] = useIniciarConteoMutation();
  const problems = inicioProblems(inicio);
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
    <RowForm
      name="inicio"
      title="Nuevo conteo"
      help={<p className="small text-muted">{MESSAGES.nuevoAyuda}</p>}
      onSubmit={submit}
      submit={{
        label: 'Comenzar conteo',
        className: 'btn btn-success',
        column: 'col-md-auto',
        problems,
        sending: sending.isLoading,
      }}
    >
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
    </RowForm>
  );
}
