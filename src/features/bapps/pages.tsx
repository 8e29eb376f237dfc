// The business apps' left-panel page (seed `bapplist`); the `more` page is composed by the app with the other
// features' shortcuts (src/app/chatroom/morePage.tsx).
import { definePanelPage } from '../../ui/index.ts';
import { BappList } from './components/BappList.tsx';

export const bappListPage = definePanelPage('bapplist', 'roomList.apps', BappList);
