import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api, endSession } from '../api/base';
import sessionReducer, { loggedIn, sessionChange, storeSession } from '../session/sessionSlice';

export function makeStore() {
  const store = configureStore({
    reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Mirror the session into localStorage so a reload and the other tabs restore it.
  let last = store.getState().session;
  store.subscribe(() => {
    const now = store.getState().session;
    if (now !== last) {
      last = now;
      storeSession(now);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

/**
 * A login or logout in another tab of the browser is this tab's too (the storage event fires in
 * the other tabs only). A logout there ends the session here as the header's logout does: cached
 * answers go, and a guarded screen sends the user to login. Answers the unsubscribe.
 */
export function followOtherTabs(
  store: AppStore,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
) {
  const listener = (e: StorageEvent) => {
    const token = sessionChange(e, store.getState().session);
    if (token === undefined) return;
    store.dispatch(api.util.resetApiState());
    if (token === null) endSession(store.dispatch);
    else store.dispatch(loggedIn(token));
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
