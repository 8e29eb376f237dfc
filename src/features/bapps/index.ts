export { bappListPage, morePage } from './pages.tsx';
