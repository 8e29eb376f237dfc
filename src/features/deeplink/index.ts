export { DeepLinkPage } from './DeepLinkPage.tsx';
export { DEEP_LINK_ACTIONS, deepLinkActionObject, readDeepLink, type DeepLink, type DeepLinkAction } from './parse.ts';
export { useDeepLinkOnArrival, type DeepLinkArrival } from './useDeepLinkOnArrival.ts';
