import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { openPage, whenEnabled, type Answers } from '../test/page';
import { adminToken, locales, lookupAnswers, producto } from '../test/seed';
import { fillSharedFields, list } from '../test/productForm';
import { EditProduct, ProductForm } from './ProductForm';
import { alerted } from '../test/alerts';

const admin = adminToken();

function open(at: string, routes: Answers) {
  // Completed in place, so a test can change an answer between two submits.
  for (const [key, answer] of Object.entries(lookupAnswers)) routes[key] ??= answer;
  return openPage(
    at,
    [
      { path: '/crearProducto', element: <ProductForm /> },
      { path: '/editarProducto/:id', element: <EditProduct /> },
      { path: '/productos/page/:page', element: <p>lista de productos</p> },
      { path: '/inicio', element: <p>pantalla de inicio</p> },
    ],
    { token: admin, answers: routes },
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const sent = (calls: { method: string; body: string | null }[], method: string) =>
  JSON.parse(calls.find((c) => c.method === method)!.body!);

afterEach(() => {
  vi.mocked(confirm).mockReset();
});

/** Opens the new-product form answering `routes`, types `modelo` and fills what every product
 * needs; answers the requests. */
async function newProduct(user: UserEvent, modelo: string, routes: Answers = {}) {
  const { calls } = open('/crearProducto', routes);
  await user.type(input('Modelo'), modelo);
  await fillSharedFields(user);
  return calls;
}

describe('edit product form', () => {
  it('loads the product, keeps unchecked branches read-only, and sends its version', async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarProducto/10?fromPage=2', {
      'GET /api/productos/10': [200, producto()],
      'PUT /api/productos/10': [201, { mensaje: 'el producto ha sido actualizado!', producto: producto() }],
    });
    expect((await screen.findByLabelText<HTMLInputElement>('Modelo')).value).toBe('RB3025');
    expect(screen.getByRole('heading', { name: 'Editar Producto' })).toBeTruthy();
    await screen.findByLabelText('Norte');
    expect(input('Stock Centro').disabled).toBe(false);
    expect(input('Stock Centro').value).toBe('3');
    expect(input('Stock Norte').disabled).toBe(true);
    expect(input('Precio').value).toBe('360,00');
    expect(list('marcas').getByLabelText<HTMLInputElement>('Vulk').checked).toBe(true);

    await user.click(input('Norte'));
    expect(input('Stock Norte').disabled).toBe(false);
    expect(input('Stock Norte').value).toBe('0');
    await user.clear(input('Stock Norte'));
    await user.type(input('Stock Norte'), '4');
    await user.click(button('Editar Producto'));

    await screen.findByText('lista de productos');
    expect(alert).toHaveBeenCalledWith('success', 'PRODUCTO EDITADO', 'Se ha editado con éxito!');
    const body = sent(calls, 'PUT');
    expect(body.version).toBe(7);
    expect(body.productoLocales).toEqual([
      { local: { id: 1 }, stock: 3 },
      { local: { id: 2 }, stock: 4 },
    ]);
  });

  it('unchecking a branch forgets its stock and disables its input', async () => {
    const user = userEvent.setup();
    open('/editarProducto/10', { 'GET /api/productos/10': [200, producto()] });
    await user.click(await screen.findByLabelText('Centro'));
    expect(input('Stock Centro').disabled).toBe(true);
    expect(input('Stock Centro').value).toBe('');
    // No branch left: the form cannot be sent.
    expect(button('Editar Producto').disabled).toBe(true);
  });

  it('shows the server message when the product changed meanwhile, and stays', async () => {
    const user = userEvent.setup();
    open('/editarProducto/10?fromPage=1', {
      'GET /api/productos/10': [200, producto()],
      'PUT /api/productos/10': [409, { mensaje: 'El producto fue modificado por otro usuario.' }],
    });
    await screen.findByLabelText('Centro');
    await user.click(button('Editar Producto'));
    await alerted('error', 'ERROR', 'El producto fue modificado por otro usuario.');
    expect(screen.getByRole('heading', { name: 'Editar Producto' })).toBeTruthy();
  });

  it('Volver goes back to the list page it came from', async () => {
    const user = userEvent.setup();
    const { router } = open('/editarProducto/10?fromPage=3', { 'GET /api/productos/10': [200, producto()] });
    await user.click(await screen.findByRole('button', { name: 'Volver' }));
    expect(router.state.location.pathname).toBe('/productos/page/3');
  });
});

describe('create product form', () => {
  it('shows the rest of the fields only after a category, and hides material and gender for cristal', async () => {
    const user = userEvent.setup();
    open('/crearProducto', {});
    const sol = await list('categorias').findByLabelText('Sol');
    expect(screen.queryByLabelText('Precio')).toBeNull();
    await user.click(sol);
    expect(screen.getByLabelText('Precio')).toBeTruthy();
    expect(screen.getByLabelText('Hombre')).toBeTruthy();
    await user.click(list('categorias').getByLabelText('Cristal'));
    expect(list('categorias').getByLabelText<HTMLInputElement>('Sol').checked).toBe(false);
    expect(screen.queryByLabelText('Hombre')).toBeNull();
    expect(screen.queryByTestId('materiales')).toBeNull();
    await user.click(list('categorias').getByLabelText('Receta'));
    expect(list('categorias').getByLabelText<HTMLInputElement>('Cristal').checked).toBe(false);
    expect(screen.getByLabelText('Hombre')).toBeTruthy();
  });

  it('enables Crear Producto once everything required is there, suggests the price and saves', async () => {
    const user = userEvent.setup();
    const calls = await newProduct(user, ' RB9 ', {
      'POST /api/productos': [201, { mensaje: 'El producto ha sido creado con éxito!', producto: producto() }],
    });
    expect(input('Precio').value).toBe('36,00');
    expect(button('Crear Producto').disabled).toBe(false);
    await user.clear(input('Precio'));
    expect(button('Crear Producto').disabled).toBe(true);
    await user.type(input('Precio'), '40');
    await user.click(within(screen.getByTestId('materiales')).getByLabelText('Metal'));
    await user.click(screen.getByLabelText('Niña'));
    await user.click(button('Crear Producto'));

    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('success', 'PRODUCTO CREADO', 'El producto ha sido creado con éxito!');
    expect(sent(calls, 'POST')).toEqual({
      modelo: 'RB9',
      marca: { id: 5 },
      categorias: [{ id: 1 }],
      material: { id: 8 },
      genero: 'Niña',
      costo: 10,
      precio: 40,
      descripcion: '',
      productoLocales: [{ local: { id: locales[0].id }, stock: 0 }],
      proveedores: [{ id: 9 }],
    });
  });

  it('shows the mensaje of a refused product, or a general text', async () => {
    const user = userEvent.setup();
    const routes: Answers = { 'POST /api/productos': [400, { mensaje: 'Modelo repetido' }] };
    await newProduct(user, 'RB9', routes);
    await user.click(button('Crear Producto'));
    await alerted('error', 'ERROR', 'Modelo repetido');
    routes['POST /api/productos'] = [400, {}];
    await user.click(await whenEnabled(button('Crear Producto')));
    await alerted('error', 'ERROR', 'Ocurrió un error al guardar el producto');
  });

  it("reads a comma: '150,5' as the cost suggests 541,80 and sends 150.5, showing what it read", async () => {
    const user = userEvent.setup();
    const calls = await newProduct(user, 'RB9', {
      'POST /api/productos': [201, { mensaje: 'ok', producto: producto() }],
    });
    await user.clear(input('Costo'));
    await user.type(input('Costo'), '150,5');
    expect(input('Precio').value).toBe('541,80');
    expect(screen.getAllByTestId('understood').map((e) => e.textContent)).toEqual(['= $ 150,50', '= $ 541,80']);
    // the wheel cannot change a text input, and no type=number is left to read it otherwise
    expect(input('Precio').type).toBe('text');
    expect(input('Precio').inputMode).toBe('decimal');
    await user.clear(input('Precio'));
    await user.type(input('Precio'), '1.234,5');
    await user.click(button('Crear Producto'));
    await screen.findByText('pantalla de inicio');
    expect(sent(calls, 'POST')).toMatchObject({ costo: 150.5, precio: 1234.5 });
  });

  it('says why Crear Producto is disabled: a negative price or a stock with decimals', async () => {
    const user = userEvent.setup();
    await newProduct(user, 'RB9');
    const problems = () => [...screen.queryAllByTestId('save-problems').flatMap((p) => [...p.querySelectorAll('li')])];
    expect(problems()).toHaveLength(0);
    await user.clear(input('Precio'));
    await user.type(input('Precio'), '-5');
    expect(button('Crear Producto').disabled).toBe(true);
    expect(problems().map((li) => li.textContent)).toEqual(['Precio: No puede ser negativo.']);
    expect(screen.getByText('No puede ser negativo.').className).toBe('invalid-feedback');
    await user.clear(input('Precio'));
    await user.type(input('Precio'), '5');
    await user.clear(input('Stock Centro'));
    await user.type(input('Stock Centro'), '1,5');
    expect(problems().map((li) => li.textContent)).toEqual([
      'Stock de Centro: Debe ser un número entero, sin decimales.',
    ]);
    await user.clear(input('Stock Centro'));
    await user.type(input('Stock Centro'), '1.000');
    expect(button('Crear Producto').disabled).toBe(false);
    expect(screen.getByText('= 1000')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes, and not after saving', async () => {
    const user = userEvent.setup();
    const { router } = open('/editarProducto/10?fromPage=2', {
      'GET /api/productos/10': [200, producto()],
      'PUT /api/productos/10': [201, { mensaje: 'ok', producto: producto() }],
    });
    await screen.findByLabelText('Modelo');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    // nothing changed: Volver leaves without asking
    await user.click(button('Volver'));
    expect(confirm).not.toHaveBeenCalled();
    await router.navigate('/editarProducto/10?fromPage=2');
    await user.type(await screen.findByLabelText('Modelo'), 'X');
    expect(unload()).toBe(true);
    vi.mocked(confirm).mockResolvedValue(false);
    await user.click(button('Volver'));
    expect(confirm).toHaveBeenCalledWith(
      '¿Salir sin guardar?',
      'Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.',
      'Sí, salir sin guardar',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/editarProducto/10'));
    expect(input('Modelo').value).toBe('RB3025X');
    vi.mocked(confirm).mockClear();
    await user.click(button('Editar Producto'));
    await screen.findByText('lista de productos');
    expect(confirm).not.toHaveBeenCalled();
    expect(unload()).toBe(false);
  });
});
