import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { handledElsewhere } from '../api/base';
import {
  useCreateProductoMutation,
  useGetProductoQuery,
  useUpdateProductoMutation,
  type Producto,
} from '../api/products';
import { alert } from '../app/alerts';
import { TextField } from '../ui/fields';
import { useRouteId, useSeed, type EditScreenProps } from '../ui/editScreen';
import { EditFooter } from '../ui/EditFooter';
import { SavingOverlay } from '../ui/SavingOverlay';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { MESSAGES, TITLES } from './messages';
import { ProductFields } from './ProductFields';
import {
  answerMensaje,
  emptyFields,
  fieldsFromProducto,
  productoBody,
  productProblems,
  type ProductFieldsValue,
} from './rules';

/** 401 and 403 are answered for every call by the API layer. */

interface Props {
  /** The product being edited; none in create mode. */
  producto?: Producto;
  /** Where the list was when the user chose to edit. */
  fromPage?: string | null;
}

/** The single product form: create mode without a product, edit mode with one. */
export function ProductForm({ producto, fromPage }: Props) {
  const navigate = useNavigate();
  const edit = producto !== undefined;
  const [modelo, setModelo] = useState(producto?.modelo ?? '');
  const [touched, setTouched] = useState(false);
  const [fields, setFields] = useState<ProductFieldsValue>(() =>
    producto ? fieldsFromProducto(producto) : emptyFields,
  );
  const [opened] = useState(() => ({ modelo, fields }));
  const saved = useUnsavedChanges(changed(opened, { modelo, fields }));
  const [create, creating] = useCreateProductoMutation();
  const [update, updating] = useUpdateProductoMutation();
  const saving = creating.isLoading || updating.isLoading;
  const problems = productProblems(modelo, fields);
  const enabled = problems.length === 0 && !saving;
  const list = fromPage && /^\d+$/.test(fromPage) ? `/productos/page/${fromPage}` : '/productos';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!enabled) return;
    if (producto) {
      try {
        await update({ id: producto.id, body: productoBody(modelo, fields, producto.version) }).unwrap();
        void alert('success', TITLES.editado, MESSAGES.editado);
        saved();
        navigate(list);
      } catch (error) {
        if (!handledElsewhere(error)) {
          void alert('error', TITLES.error, answerMensaje(error) ?? MESSAGES.editadoFallo);
        }
      }
      return;
    }
    try {
      const answer = await create(productoBody(modelo, fields)).unwrap();
      void alert('success', TITLES.creado, answer.mensaje);
      saved();
      navigate('/inicio');
    } catch (error) {
      if (!handledElsewhere(error)) {
        void alert('error', TITLES.error, answerMensaje(error) ?? MESSAGES.creadoFallo);
      }
    }
  };

  const modeloInvalid = touched && modelo.trim() === '';
  const title = edit ? 'Editar Producto' : 'Crear Producto';
  return (
    <section>
      <SavingOverlay show={saving} />
      <h2 className="mb-4">{title}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          id="modelo"
          label="Modelo"
          className="mb-3"
          invalid={modeloInvalid}
          required
          value={modelo}
          onChange={setModelo}
          onBlur={() => setTouched(true)}
        >
          <div className="invalid-feedback">El modelo es obligatorio.</div>
        </TextField>
        <ProductFields value={fields} onChange={setFields} />
        <EditFooter
          className="d-flex gap-2 mt-4"
          onBack={() => navigate(list)}
          problemsId="producto-problemas"
          problems={problems}
          enabled={enabled}
          submitLabel={title}
        />
      </form>
    </section>
  );
}

/** Route editarProducto/:id: loads the product fresh (its version guards the update), then
 * shows the form with it. */
export function EditProduct({ below }: EditScreenProps) {
  const id = useRouteId();
  const [search] = useSearchParams();
  const valid = id !== null;
  const query = useGetProductoQuery(id ?? 0, { skip: !valid, refetchOnMountOrArgChange: true });
  // The first fresh answer seeds the form; refetches after saving must not reset it.
  const [loaded] = useSeed(query, id);

  if (!loaded && (!valid || query.isError)) {
    return <p className="alert alert-danger">{MESSAGES.productoFallo}</p>;
  }
  if (!loaded) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return (
    <>
      <ProductForm key={loaded.id} producto={loaded} fromPage={search.get('fromPage')} />
      {below?.(loaded.id)}
    </>
  );
}
