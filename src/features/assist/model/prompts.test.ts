import { describe, expect, it } from 'vitest';
import { PROMPT_INPUT_MAX, promptInput } from './prompts.ts';

describe('prompt input', () => {
  it('sends the trimmed text, never an empty or oversized one', () => {
    expect(promptInput('  hello  ')).toBe('hello');
    expect(promptInput('   ')).toBeNull();
    expect(promptInput('x'.repeat(PROMPT_INPUT_MAX + 1))).toBeNull();
    expect(promptInput('x'.repeat(PROMPT_INPUT_MAX))).toHaveLength(PROMPT_INPUT_MAX);
  });
});
