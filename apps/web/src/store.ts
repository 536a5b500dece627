import { useEffect, useState } from 'preact/hooks';

/** A tiny observable value: the app's shared state lives in a few of these. */
export class Store<T> {
  #value: T;
  #listeners = new Set<(value: T) => void>();
  constructor(value: T) {
    this.#value = value;
  }
  get(): T {
    return this.#value;
  }
  set(value: T): void {
    this.#value = value;
    for (const l of this.#listeners) l(value);
  }
  update(patch: Partial<T>): void {
    this.set({ ...this.#value, ...patch });
  }
  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** Re-renders the component whenever the store changes. */
export const useStore = <T>(store: Store<T>): T => {
  const [value, setValue] = useState(store.get());
  useEffect(() => {
    setValue(store.get());
    return store.subscribe(setValue);
  }, [store]);
  return value;
};
