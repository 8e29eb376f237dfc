// The seed's `more` left page: the business apps' More page with the shortcuts the variant shows to other features'
// pages (contacts, news, Do Not Disturb, my QR code), put together here as only the app joins features.
import { BellOff, BookUser, QrCode } from 'lucide-react';
import { IS_ALLOW_DND, IS_SHOW_CONTACT_LIST, IS_SHOW_MY_QR_CODE, IS_SHOW_NEWS } from '@variant/flags';
import { definePanelPage, usePanelNav } from '../../ui/index.ts';
import { MorePage, type MoreShortcut } from '../../features/bapps/index.ts';
import { contactListPage } from '../../features/contact/index.ts';
import { NewsShortcut, newsListPage } from '../../features/news/index.ts';
import { dndPage, myQrCodePage } from '../../features/settings/index.ts';

const shortcuts: readonly MoreShortcut[] = [
  ...(IS_SHOW_CONTACT_LIST ? [{ page: contactListPage, icon: BookUser }] : []),
  ...(IS_ALLOW_DND ? [{ page: dndPage, icon: BellOff }] : []),
  ...(IS_SHOW_MY_QR_CODE ? [{ page: myQrCodePage, icon: QrCode }] : []),
];

function MoreWithShortcuts() {
  const openLeft = usePanelNav((nav) => nav.openLeft);
  const news = (className: string | undefined) => <NewsShortcut className={className} onOpen={() => openLeft(newsListPage, undefined)} />;
  return <MorePage leadingShortcut={IS_SHOW_NEWS ? news : undefined} shortcuts={shortcuts} />;
}

export const morePage = definePanelPage('more', 'bapps.more', MoreWithShortcuts);
