// A tiny typed event emitter: enough for the realtime client, no dependency.

export type Listener<T> = (value: T) => void;

export class Emitter<Events extends Record<string, unknown>> {
  private readonly listeners: { [K in keyof Events]?: Set<Listener<Events[K]>> } = {};

  /** Returns the function that removes the listener (handy in a React effect's cleanup). */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const set = (this.listeners[event] ??= new Set());
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const listener of [...(this.listeners[event] ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        console.error(`listener of ${String(event)} failed`, error); // one bad listener must not starve the others
      }
    }
  }
}
