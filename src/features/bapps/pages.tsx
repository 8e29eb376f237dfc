// The business apps' left-panel pages (seed `bapplist` and `more`).
import { definePanelPage } from '../../ui/index.ts';
import { BappList } from './components/BappList.tsx';
import { MorePage } from './components/MorePage.tsx';

export const bappListPage = definePanelPage('bapplist', 'roomList.apps', BappList);
export const morePage = definePanelPage('more', 'bapps.more', MorePage);
