export { privateAlbumPage } from './pages.tsx';
export { ALBUM_SAVE_TOAST, saveToAlbum, useAlbumNotifications } from './api/album.ts';
export { canSaveToAlbum } from './model/album.ts';
