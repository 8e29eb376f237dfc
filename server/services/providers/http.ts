// The Provider over HTTP: POST {PROVIDER_URL}/v1/<operation> with a JSON body, a JSON answer, a time
// limit per call. Failures map to the catalogue: the provider refusing the input (4xx) is INVALID_INPUT,
// anything else (unreachable, time-out, 5xx, a malformed answer) is PROVIDER_NOT_CONFIGURED with 502/504.
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../http/api-error.ts';
import type { Provider } from './provider.ts';

export const PROVIDER_TIMEOUT_MS = 10_000;

export const OPERATIONS = {
  operateMessage: 'operate-message',
  speak: 'speak',
  recognizeVoice: 'recognize-voice',
  recognizeImage: 'recognize-image',
  saveTranslation: 'save-translation',
} as const;

type Json = Record<string, unknown>;

const unavailable = (detail: string, status = 502) => new ApiError('PROVIDER_NOT_CONFIGURED', detail, status);

function requireString(answer: Json, field: string, operation: string): string {
  const value = answer[field];
  if (typeof value !== 'string') throw unavailable(`${operation}: the provider's answer has no text field ${field}`);
  return value;
}

export class HttpProvider implements Provider {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = PROVIDER_TIMEOUT_MS,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  private async post(operation: string, body: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/v1/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': randomUUID() },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut ? unavailable(`${operation}: no answer within ${this.timeoutMs} ms`, 504) : unavailable(`${operation}: provider unreachable`);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw unavailable(`${operation}: the provider answered HTTP ${response.status} without JSON`);
    }
    const json = (typeof answer === 'object' && answer !== null ? answer : {}) as Json;
    if (response.status >= 400 && response.status < 500) {
      const error = (json.error ?? {}) as Json;
      throw new ApiError('INVALID_INPUT', `${operation}: ${typeof error.message === 'string' ? error.message : `HTTP ${response.status}`}`);
    }
    if (!response.ok) throw unavailable(`${operation}: the provider failed with HTTP ${response.status}`);
    return json;
  }

  async operateMessage(input: { promptAppId: string; inputText: string; langId: string }) {
    const answer = await this.post(OPERATIONS.operateMessage, input);
    return { resultText: requireString(answer, 'resultText', OPERATIONS.operateMessage) };
  }

  async speak(input: Parameters<Provider['speak']>[0]) {
    const answer = await this.post(OPERATIONS.speak, { ...input });
    const voice = requireString(answer, 'voice', OPERATIONS.speak);
    const contentType = typeof answer.contentType === 'string' ? answer.contentType : 'application/octet-stream';
    return { voice, contentType };
  }

  async recognizeVoice(input: Parameters<Provider['recognizeVoice']>[0]) {
    const answer = await this.post(OPERATIONS.recognizeVoice, { ...input });
    return { text: requireString(answer, 'text', OPERATIONS.recognizeVoice) };
  }

  async recognizeImage(input: { imageBase64: string }) {
    const answer = await this.post(OPERATIONS.recognizeImage, input);
    if (typeof answer.pass !== 'boolean') throw unavailable(`${OPERATIONS.recognizeImage}: the provider's answer has no boolean pass`);
    return { pass: answer.pass };
  }

  async saveTranslation(input: Parameters<Provider['saveTranslation']>[0]) {
    await this.post(OPERATIONS.saveTranslation, { ...input });
  }
}

/** The configured provider; PROVIDER_NOT_CONFIGURED (in every locale) when PROVIDER_URL is unset. */
export function providerOf(config: { providerUrl?: string | null }): Provider {
  if (!config.providerUrl) throw new ApiError('PROVIDER_NOT_CONFIGURED');
  return new HttpProvider(config.providerUrl);
}
