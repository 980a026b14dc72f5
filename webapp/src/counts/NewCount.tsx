import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIniciarConteoMutation } from '../api/counts';
import { useListLookupQuery } from '../api/lookups';
import type { LookupItem } from '../api/types';
import { alert } from '../app/alerts';
import { SaveProblems } from '../ui/SaveProblems';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { inicioBody, inicioProblems, inicioVacio, type Inicio } from './rules';

function Choice(props: {
  id: string;
  label: string;
  none: string;
  value: number;
  items: LookupItem[];
  onChange: (id: number) => void;
}) {
  return (
    <div className="col-sm-6 col-md-3">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-select"
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      >
        <option value={0}>{props.none}</option>
        {props.items.map((i) => (
          <option key={i.id} value={i.id}>
            {i.nombre}
          </option>
        ))}
      </select>
    </div>
  );
}

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || sending.isLoading) return;
    try {
      const answer = await iniciar(inicioBody(inicio)).unwrap();
      void alert('success', TITLES.iniciado, answer.mensaje);
      if (answer.planilla) navigate(`/conteos/${answer.planilla.conteo.id}`);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <form className="card mb-3" aria-label="Nuevo conteo" onSubmit={submit} noValidate>
      <div className="card-body">
        <h3 className="h5">Nuevo conteo</h3>
        <p className="small text-muted">{MESSAGES.nuevoAyuda}</p>
        <div className="row g-2 align-items-end">
          <Choice
            id="conteoLocal"
            label="Local"
            none="Elegí el local"
            value={inicio.localId}
            items={locales}
            onChange={(localId) => set({ localId })}
          />
          <Choice
            id="conteoCategoria"
            label="Categoría (opcional)"
            none="Todas las categorías"
            value={inicio.categoriaId}
            items={categorias}
            onChange={(categoriaId) => set({ categoriaId })}
          />
          <Choice
            id="conteoMarca"
            label="Marca (opcional)"
            none="Todas las marcas"
            value={inicio.marcaId}
            items={marcas}
            onChange={(marcaId) => set({ marcaId })}
          />
          <div className="col-md-auto">
            <button
              type="submit"
              className="btn btn-success"
              disabled={problems.length > 0 || sending.isLoading}
              aria-describedby={problems.length > 0 ? 'inicio-problems' : undefined}
            >
              {sending.isLoading ? MESSAGES.enviando : 'Comenzar conteo'}
            </button>
          </div>
        </div>
        <SaveProblems id="inicio-problems" problems={problems} />
      </div>
    </form>
  );
}
