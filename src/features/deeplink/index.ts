export { DeepLinkPage } from './DeepLinkPage.tsx';
