// The AI prompt helper's prompt apps (message/operatemessage's `promptAppId`). The seed names the call and its
// fields only; the provider behind the server (docs/server-services.md) decides what each app does with the text,
// in the caller's language setting, which the server passes along.
export const PROMPT_APPS = ['polish', 'shorten', 'formal', 'translate'] as const;
export type PromptApp = (typeof PROMPT_APPS)[number];

/** A received message's 'Translate' action uses this app: into the reader's language. */
export const TRANSLATE_APP: PromptApp = 'translate';

/** The longest text the call takes (the message text limit of the contract). */
export const PROMPT_INPUT_MAX = 10_000;

/** The text to send, or null when there is nothing to send or too much. */
export function promptInput(text: string): string | null {
  const trimmed = text.trim();
  return trimmed && trimmed.length <= PROMPT_INPUT_MAX ? trimmed : null;
}
