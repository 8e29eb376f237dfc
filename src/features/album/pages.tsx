// The private album's left-panel page (`privatealbum`), opened from the settings menu where the variant has the
// album (IS_ALLOW_PRIVATE_ALBUM).
import { definePanelPage } from '../../ui/index.ts';
import { PrivateAlbum } from './components/PrivateAlbum.tsx';

export const privateAlbumPage = /* @__PURE__ */ definePanelPage('privatealbum', 'album.heading', PrivateAlbum);
