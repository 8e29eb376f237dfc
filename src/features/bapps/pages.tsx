// The business apps' left-panel page (seed `bapplist`).
import { definePanelPage } from '../../ui/index.ts';
import { BappList } from './components/BappList.tsx';

export const bappListPage = definePanelPage('bapplist', 'roomList.apps', BappList);
