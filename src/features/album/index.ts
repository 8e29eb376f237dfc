export { privateAlbumPage } from './pages.tsx';
export { saveToAlbum, useAlbumNotifications } from './api/album.ts';
export { canSaveToAlbum } from './model/album.ts';
