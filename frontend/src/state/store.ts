// The one Jotai store. React reads it through <Provider store={store}>; socket and boot code write it
// from outside React with store.set.
import { createStore } from 'jotai';

export const store = createStore();
