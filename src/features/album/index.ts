export { privateAlbumPage } from './pages.tsx';
export { saveMessagesToAlbum, useAlbumNotifications } from './api/album.ts';
