export { BrowserCheckPage } from './BrowserCheckPage.tsx';
export { checkBrowser, isMobileDevice, isOldInternetExplorer, readActionObject, type ActionObject } from './detect.ts';
