// What a feature shows of other features comes in through slots: the feature declares the typed interface, the app
// (src/app/) fills it and provides it around the screen (docs/client-core.md, "Layers"). A feature never imports
// another feature, so this is how, say, the chat header shows the room list's menu.
import { createContext, useContext, type Provider } from 'react';

export interface Slots<T> {
  /** Put around every place the feature renders (the chat's panels, its pages in the side panels). */
  readonly Provider: Provider<T | null>;
  /** The slots the app provided; throws where none were, so a missing provider is found at once, not as a blank. */
  readonly use: () => T;
}

export function defineSlots<T>(owner: string): Slots<T> {
  const context = createContext<T | null>(null);
  context.displayName = `${owner}Slots`;
  return {
    Provider: context.Provider,
    use: () => {
      const slots = useContext(context);
      if (!slots) throw new Error(`${owner}: rendered outside the app's ${owner}Slots provider`);
      return slots;
    },
  };
}
