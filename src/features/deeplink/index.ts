export { DeepLinkPage } from './DeepLinkPage.tsx';
export { useDeepLinkOnArrival, type DeepLinkArrival } from './useDeepLinkOnArrival.ts';
