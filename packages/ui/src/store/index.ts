export { createStore, type Store, type StoreOptions, useStore } from './createStore.ts';
export { readStorage, writeStorage } from './storage.ts';
