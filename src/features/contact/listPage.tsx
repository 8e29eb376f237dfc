// The contact list as a left-panel page (seed `contactlist`), opened from settings.
import { definePanelPage } from '../../ui/index.ts';
import { ContactList } from './components/ContactList.tsx';

export const contactListPage = definePanelPage('contactlist', 'settings.menu.contacts', ContactList);
