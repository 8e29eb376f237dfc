export { bappListPage } from './pages.tsx';
