export { bappListPage } from './pages.tsx';
export { MorePage, type MorePageProps, type MoreShortcut } from './components/MorePage.tsx';
