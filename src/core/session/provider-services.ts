// Which provider-backed services to offer: those the server says it has a provider for (the application
// profile's clientConfig.providerServices). Offering one it lacks only ever answers 'This service is not available'.
import type { ProviderServices } from '@generated/types/index';
import { chatServices } from './services.ts';

export type ProviderService = keyof ProviderServices;

export const serviceOffered = (service: ProviderService): boolean => chatServices().clientConfig?.providerServices?.[service] === true;
