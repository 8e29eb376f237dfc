export { newsDetailPage, newsListPage } from './pages.tsx';
export { NewsShortcut, type NewsShortcutProps } from './components/NewsShortcut.tsx';
