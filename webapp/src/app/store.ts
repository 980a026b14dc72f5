import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '../api/base';
import { SESSION_MESSAGES } from '../session/messages';
import sessionReducer, { storeSession } from '../session/sessionSlice';
import { CHANNEL_NAME, shareSession, watchExpiry, type TabChannel } from '../session/tabs';
import { alert } from './alerts';
import { navigateTo } from './navigation';

export function makeStore() {
  const store = configureStore({
    reducer: { session: sessionReducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // Mirror the session into this tab's sessionStorage so a reload restores it.
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
 * One session for the open tabs of the browser (session/tabs.ts): a tab opened without a token
 * gets an open tab's, a login reaches the others, and a logout ends the session in every tab,
 * which goes to login saying so (not 'ERROR LOGIN'). Also lapses the session over a form with
 * unsaved changes when its token runs out. Answers the disconnect.
 */
export function followOtherTabs(
  store: AppStore,
  channel: TabChannel | undefined = typeof BroadcastChannel === 'undefined'
    ? undefined
    : new BroadcastChannel(CHANNEL_NAME),
) {
  const stopWatching = watchExpiry(store);
  if (!channel) return stopWatching;
  const stopSharing = shareSession(store, channel, {
    loggedOutElsewhere: (discarded) => {
      store.dispatch(api.util.resetApiState());
      navigateTo('/login');
      if (discarded) void alert('info', SESSION_MESSAGES.cerradaEnOtraPestana, SESSION_MESSAGES.cambiosDescartados);
    },
    userChanged: (username, discarded) => {
      store.dispatch(api.util.resetApiState());
      if (!discarded) return;
      navigateTo('/inicio');
      void alert('info', SESSION_MESSAGES.sesionIniciada, SESSION_MESSAGES.otroUsuarioEnOtraPestana(username));
    },
  });
  return () => {
    stopSharing();
    stopWatching();
  };
}
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
