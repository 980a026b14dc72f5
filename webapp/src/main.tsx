import 'bootstrap/dist/css/bootstrap.min.css';
// After Bootstrap: its colours made readable (WCAG AA) on the app's light backgrounds.
import './ui/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from './app/navigation';
import { followOtherTabs, makeStore } from './app/store';
import { routes } from './routing/routes';

const store = makeStore();
followOtherTabs(store);
const router = createBrowserRouter(routes);
setNavigator((path) => void router.navigate(path));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
