import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { patientsApi } from '../api/patients';
import { useAppDispatch, useAppSelector } from '../app/store';
import type { Nombres } from './nombres';

const { getPaciente } = patientsApi.endpoints;

/** The names of these patients by id, asked one by one (`GET /api/pacientes/id/{id}`, cached and
 * shared with the patient screens) and only for the ids on screen, never the whole patient list.
 * An id whose patient is gone (404) or fails to load stays out of the map: it reads `#id`. */
export function usePacientes(ids: readonly number[]): Nombres['pacientes'] {
  const dispatch = useAppDispatch();
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (key === '') return;
    const subscriptions = key.split(',').map((id) => dispatch(getPaciente.initiate(Number(id))));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [dispatch, key]);
  const nombres = useAppSelector(
    (state) =>
      key === '' ? [] : key.split(',').map((id) => getPaciente.select(Number(id))(state).data?.nombreCompleto),
    shallowEqual,
  );
  return useMemo(() => {
    const map = new Map<number, string>();
    if (key !== '') key.split(',').forEach((id, i) => nombres[i] && map.set(Number(id), nombres[i]));
    return map;
  }, [key, nombres]);
}

/** `nombres` with the names of the patients whose ids are in `ids`. */
export function useConPacientes(nombres: Nombres, ids: readonly number[]): Nombres {
  const pacientes = usePacientes(ids);
  return useMemo(() => ({ ...nombres, pacientes }), [nombres, pacientes]);
}
